import { ApiError } from '../api/api-error.ts';
import { ButtonLink } from './button.tsx';
import * as ui from './ui.css.ts';

/**
 * The server knows nothing by the id a screen was opened with (another account's id answers the same 404),
 * and nothing of it was kept on the phone either.
 */
export function isNotFound(query: { error: unknown; data: unknown }): boolean {
  return query.error instanceof ApiError && query.error.code === 'not_found' && !query.data;
}

/** What the address led to is not there: say so, and lead back to the list it came from. */
export function NotThere({ text, backTo, backLabel }: { text: string; backTo: string; backLabel: string }) {
  return (
    <div className={ui.stack}>
      <p>{text}</p>
      <ButtonLink to={backTo} fullWidth>
        {backLabel}
      </ButtonLink>
    </div>
  );
}
