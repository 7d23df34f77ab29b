import * as css from './steps.css.ts';

/**
 * Where the person is in a process of a few screens (registering: their data, the code, the password): «Paso 2
 * de 3 · Tu código» in words, and a bar of as many segments, filled up to this one, for the eye.
 */
export function Steps({ current, names }: { current: number; names: readonly string[] }) {
  return (
    <div className={css.steps}>
      <p className={css.label}>
        Paso {current} de {names.length} · {names[current - 1]}
      </p>
      <div className={css.bar} aria-hidden="true">
        {names.map((name, index) => (
          <span key={name} className={index < current ? css.segments.done : css.segments.todo} />
        ))}
      </div>
    </div>
  );
}

/**
 * The title of one part of a long form that is done in order (a contract: the boat, the plan, confirming), with
 * its number on a disc: the parts read as steps while the form stays one, sent once, keeping all that was typed.
 */
export function StepHeading({ number, children }: { number: number; children: string }) {
  return (
    <h2 className={css.stepHeading}>
      <span className={css.stepNumber} aria-hidden="true">
        {number}
      </span>
      {children}
    </h2>
  );
}
