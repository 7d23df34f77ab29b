import * as formCss from './form/form.css.ts';

/** A change just made, said once (a status, so a screen reader announces it); nothing when there is none. */
export function Notice({ text }: { text: string | undefined }) {
  return text ? (
    <p className={formCss.success} role="status">
      {text}
    </p>
  ) : null;
}
