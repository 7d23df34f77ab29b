import * as ui from './ui.css.ts';
import * as css from './skeleton.css.ts';

/**
 * What a screen shows while its data loads: grey cards in the shape of what is coming, inside the app's frame,
 * and the words (`label`, «Cargando…») for a screen reader, announced as a status.
 */
export function Skeleton({ label = 'Cargando…', cards = 2 }: { label?: string; cards?: number }) {
  return (
    <div role="status" className={css.skeleton}>
      <span className={ui.visuallyHidden}>{label}</span>
      {Array.from({ length: cards }, (_, index) => (
        <div key={index} className={css.card} aria-hidden="true">
          <div className={css.line} data-kind="title" />
          <div className={css.line} />
          <div className={css.line} data-kind="short" />
        </div>
      ))}
    </div>
  );
}
