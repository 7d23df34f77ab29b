import { useField } from 'formik';
import { useId, type ReactNode } from 'react';
import { Icon } from '../icons.tsx';
import { describedBy, FieldError, FieldHint, shownError, useFieldIds } from './fields.tsx';
import * as css from './form.css.ts';
import * as stepper from './stepper.css.ts';

// A module of its own, like the other choices: the sign-in screen's first load has none (decision 017).

export interface StepperChoice {
  value: string;
  label: string;
}

/**
 * One of an ordered run of values (people on board, a time of return), moved through with «−» and «+»: the
 * value in the middle, read out as it changes. A button at the end of the run says so (`aria-disabled`) and
 * keeps its focus, so a keyboard pressing «+» to the last value is not thrown back to the top of the page.
 * `empty` says why there is no value yet (the run depends on an earlier choice).
 */
export function StepperField({
  name,
  label,
  hint,
  choices,
  empty,
  lessLabel,
  moreLabel,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  choices: readonly StepperChoice[];
  empty: string;
  lessLabel: string;
  moreLabel: string;
}) {
  const [field, meta, helpers] = useField<string>(name);
  const ids = useFieldIds(name);
  const labelId = useId();
  const error = shownError(meta);
  const index = choices.findIndex((choice) => choice.value === field.value);
  const current = choices[index];
  const canLess = index > 0;
  const canMore = choices.length > 0 && index < choices.length - 1;
  const move = (by: -1 | 1) => {
    const next = choices[index < 0 ? 0 : index + by];
    if (!next) return;
    void helpers.setValue(next.value);
    void helpers.setTouched(true, false);
  };
  const button = (by: -1 | 1, enabled: boolean, words: string, invalid: boolean) => (
    <button
      type="button"
      className={stepper.step}
      aria-label={words}
      aria-disabled={enabled ? undefined : true}
      aria-controls={ids.input}
      aria-invalid={invalid ? true : undefined}
      onClick={() => (enabled ? move(by) : undefined)}
    >
      <Icon name={by < 0 ? 'minus' : 'plus'} className={stepper.stepIcon} />
    </button>
  );
  return (
    <div
      className={css.field}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
    >
      <span id={labelId} className={css.label}>
        {label}
      </span>
      <FieldHint id={ids.hint} hint={hint} />
      <div className={stepper.row}>
        {button(-1, canLess, lessLabel, Boolean(error))}
        <output id={ids.input} className={stepper.value} aria-live="polite" data-empty={current ? undefined : true}>
          {current ? current.label : empty}
        </output>
        {button(1, canMore, moreLabel, false)}
      </div>
      <FieldError id={ids.error} error={error} />
    </div>
  );
}
