import { useField } from 'formik';
import type { FocusEventHandler, ReactNode } from 'react';
import { describedBy, FieldError, FieldFrame, FieldHint, shownError, useFieldIds } from './fields.tsx';
import * as choiceCss from './choice-fields.css.ts';
import * as css from './form.css.ts';

// A module of its own, like the checkbox: the sign-in screen's first load has no choices to make (decision 017).

export interface Choice {
  value: string;
  label: ReactNode;
  /** A line under the label saying what the choice means (a plan's dates): the choice becomes a card. */
  description?: ReactNode;
}

/**
 * A group of choices in view: a fieldset whose legend names them, its hint and its error tied to it, and
 * whatever the caller lays inside (the choices' rows, or the slots' grid).
 */
export function ChoiceFieldset({
  ids,
  legend,
  hint,
  error,
  children,
}: {
  ids: ReturnType<typeof useFieldIds>;
  legend: string;
  hint?: ReactNode;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset className={choiceCss.fieldset} aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}>
      <legend className={css.label}>{legend}</legend>
      <FieldHint id={ids.hint} hint={hint} />
      {children}
      <FieldError id={ids.error} error={error} />
    </fieldset>
  );
}

interface ChoiceGroupProps {
  name: string;
  legend: string;
  hint?: ReactNode;
  choices: readonly Choice[];
}

/** The rows of a radio or checkbox group, one input and its label each, in a `ChoiceFieldset`. */
function ChoiceGroup({
  name,
  legend,
  hint,
  choices,
  type,
  error,
  isChecked,
  onCheck,
  onBlur,
}: ChoiceGroupProps & {
  type: 'radio' | 'checkbox';
  error: string | undefined;
  isChecked: (value: string) => boolean;
  onCheck: (value: string, checked: boolean) => void;
  onBlur: FocusEventHandler<HTMLInputElement>;
}) {
  const ids = useFieldIds(name);
  return (
    <ChoiceFieldset ids={ids} legend={legend} hint={hint} error={error}>
      {choices.map((choice, index) => {
        const id = `${ids.input}-${index}`;
        return (
          <div key={choice.value} className={choice.description ? choiceCss.choiceCard : choiceCss.checkboxRow}>
            <input
              type={type}
              id={id}
              name={name}
              value={choice.value}
              checked={isChecked(choice.value)}
              onChange={(event) => onCheck(choice.value, event.target.checked)}
              onBlur={onBlur}
              className={choiceCss.checkbox}
              aria-invalid={error ? true : undefined}
              aria-describedby={choice.description ? `${id}-description` : undefined}
            />
            {choice.description ? (
              // The description is outside the label, read after the choice's name (aria-describedby); the
              // label's ::after covers the card, so a tap anywhere on it chooses it.
              <span className={choiceCss.choiceText}>
                <label htmlFor={id} className={choiceCss.choiceTitle}>
                  {choice.label}
                </label>
                <span id={`${id}-description`} className={choiceCss.choiceDescription}>
                  {choice.description}
                </span>
              </span>
            ) : (
              <label htmlFor={id}>{choice.label}</label>
            )}
          </div>
        );
      })}
    </ChoiceFieldset>
  );
}

/** One of a few choices, all in view (a plan, a boat): a fieldset whose legend names them. */
export function RadioGroupField(props: ChoiceGroupProps) {
  const [field, meta, helpers] = useField<string>(props.name);
  return (
    <ChoiceGroup
      {...props}
      type="radio"
      error={shownError(meta)}
      isChecked={(value) => field.value === value}
      onCheck={(value) => void helpers.setValue(value)}
      onBlur={field.onBlur}
    />
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
  const error = shownError(meta);
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
export function CheckboxGroupField(props: ChoiceGroupProps) {
  const [field, meta, helpers] = useField<string[]>(props.name);
  const ticked = field.value ?? [];
  const toggle = (value: string, on: boolean) => {
    const next = props.choices
      .map((choice) => choice.value)
      .filter((candidate) => (candidate === value ? on : ticked.includes(candidate)));
    void helpers.setValue(next);
    void helpers.setTouched(true, false);
  };
  return (
    <ChoiceGroup
      {...props}
      type="checkbox"
      error={shownError(meta)}
      isChecked={(value) => ticked.includes(value)}
      onCheck={toggle}
      onBlur={field.onBlur}
    />
  );
}
