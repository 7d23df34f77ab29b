import { useField } from 'formik';
import type { ReactNode } from 'react';
import { describedBy, FieldFrame, useFieldIds } from './fields.tsx';
import * as choiceCss from './choice-fields.css.ts';
import * as css from './form.css.ts';

// A module of its own, like the checkbox: the sign-in screen's first load has no choices to make (decision 017).

export interface Choice {
  value: string;
  label: ReactNode;
}

/** One of a few choices, all in view (a plan, a boat): a fieldset whose legend names them. */
export function RadioGroupField({ name, legend, hint, choices }: { name: string; legend: string; hint?: ReactNode; choices: readonly Choice[] }) {
  const [field, meta, helpers] = useField<string>(name);
  const ids = useFieldIds(name);
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <fieldset className={choiceCss.fieldset} aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}>
      <legend className={css.label}>{legend}</legend>
      {hint ? (
        <p id={ids.hint} className={css.hint}>
          {hint}
        </p>
      ) : null}
      {choices.map((choice, index) => (
        <div key={choice.value} className={choiceCss.checkboxRow}>
          <input
            type="radio"
            id={`${ids.input}-${index}`}
            name={name}
            value={choice.value}
            checked={field.value === choice.value}
            onChange={() => void helpers.setValue(choice.value)}
            onBlur={field.onBlur}
            className={choiceCss.checkbox}
            aria-invalid={error ? true : undefined}
          />
          <label htmlFor={`${ids.input}-${index}`}>{choice.label}</label>
        </div>
      ))}
      {error ? (
        <p id={ids.error} className={css.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One of a longer list (a licence's type): the phone's own picker. */
export function SelectField({
  name,
  label,
  hint,
  placeholder,
  choices,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  placeholder: string;
  choices: readonly { value: string; label: string }[];
}) {
  const [field, meta] = useField<string>(name);
  const ids = useFieldIds(name);
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <select
        {...field}
        id={ids.input}
        className={css.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
      >
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/**
 * Several of a few choices, all in view (the boats a person may use): a fieldset whose legend names them,
 * the value the list of the values ticked, in the order of the choices.
 */
export function CheckboxGroupField({ name, legend, hint, choices }: { name: string; legend: string; hint?: ReactNode; choices: readonly Choice[] }) {
  const [field, meta, helpers] = useField<string[]>(name);
  const ids = useFieldIds(name);
  const error = meta.touched && meta.error ? String(meta.error) : undefined;
  const ticked = field.value ?? [];
  const toggle = (value: string, on: boolean) => {
    const next = choices.map((choice) => choice.value).filter((candidate) => (candidate === value ? on : ticked.includes(candidate)));
    void helpers.setValue(next);
    void helpers.setTouched(true, false);
  };
  return (
    <fieldset className={choiceCss.fieldset} aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}>
      <legend className={css.label}>{legend}</legend>
      {hint ? (
        <p id={ids.hint} className={css.hint}>
          {hint}
        </p>
      ) : null}
      {choices.map((choice, index) => (
        <div key={choice.value} className={choiceCss.checkboxRow}>
          <input
            type="checkbox"
            id={`${ids.input}-${index}`}
            name={name}
            value={choice.value}
            checked={ticked.includes(choice.value)}
            onChange={(event) => toggle(choice.value, event.target.checked)}
            onBlur={field.onBlur}
            className={choiceCss.checkbox}
            aria-invalid={error ? true : undefined}
          />
          <label htmlFor={`${ids.input}-${index}`}>{choice.label}</label>
        </div>
      ))}
      {error ? (
        <p id={ids.error} className={css.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
