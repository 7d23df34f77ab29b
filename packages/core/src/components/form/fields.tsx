import { useField } from 'formik';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import * as css from './form.css.ts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;

interface FieldProps extends InputProps {
  name: string;
  label: string;
  hint?: ReactNode;
}

/** Ids that tie the label, the hint and the error to the input, so a screen reader reads them together. */
function useFieldIds(name: string) {
  const base = `${useId()}-${name}`;
  return { input: base, hint: `${base}-hint`, error: `${base}-error` };
}

function describedBy(ids: ReturnType<typeof useFieldIds>, hint: boolean, error: boolean) {
  return [hint ? ids.hint : undefined, error ? ids.error : undefined].filter(Boolean).join(' ') || undefined;
}

/** Label, hint, the control and its error, in the order a screen reader should meet them. */
function FieldFrame({
  ids,
  label,
  hint,
  error,
  children,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  hint: ReactNode;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={ids.input}>
        {label}
      </label>
      {hint ? (
        <p id={ids.hint} className={css.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={ids.error} className={css.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ name, label, hint, className, ...input }: FieldProps) {
  const [field, meta] = useField(name);
  const ids = useFieldIds(name);
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <input
        {...field}
        {...input}
        id={ids.input}
        className={[css.input, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
      />
    </FieldFrame>
  );
}

/** Six digits, pasted whole from the SMS or e-mail: the phone offers it from the message. */
export function CodeField({ name, label, hint }: { name: string; label: string; hint?: ReactNode }) {
  return (
    <TextField
      name={name}
      label={label}
      hint={hint}
      className={css.codeInput}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9 ]*"
      spellCheck={false}
    />
  );
}

/**
 * A password with its show/hide button. `hint` goes under the label; `below(value, error)` under the
 * input: the new-password field's strength meter (`new-password-field.tsx`), kept out of this module so
 * the sign-in screen does not load the strength rules.
 */
export function PasswordField({
  name,
  label,
  autoComplete,
  hint,
  below,
}: {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  below?: (value: string, error: string | undefined) => ReactNode;
}) {
  const [field, meta] = useField<string>(name);
  const ids = useFieldIds(name);
  const [visible, setVisible] = useState(false);
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <div className={css.inputRow}>
        <input
          {...field}
          id={ids.input}
          type={visible ? 'text' : 'password'}
          className={css.input}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
        />
        <button
          type="button"
          className={css.toggle}
          aria-controls={ids.input}
          aria-label={visible ? 'Ocultar la contraseña' : 'Mostrar la contraseña'}
          onClick={() => setVisible(!visible)}
        >
          {visible ? 'Ocultar' : 'Mostrar'}
        </button>
      </div>
      {below?.(field.value, error)}
    </FieldFrame>
  );
}

export function CheckboxField({ name, children }: { name: string; children: ReactNode }) {
  const [field, meta] = useField({ name, type: 'checkbox' });
  const ids = useFieldIds(name);
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <div className={css.field}>
      <div className={css.checkboxRow}>
        <input
          {...field}
          type="checkbox"
          id={ids.input}
          className={css.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
        <label htmlFor={ids.input}>{children}</label>
      </div>
      {error ? (
        <p id={ids.error} className={css.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

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
    <fieldset className={css.fieldset} aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}>
      <legend className={css.label}>{legend}</legend>
      {hint ? (
        <p id={ids.hint} className={css.hint}>
          {hint}
        </p>
      ) : null}
      {choices.map((choice, index) => (
        <div key={choice.value} className={css.checkboxRow}>
          <input
            type="radio"
            id={`${ids.input}-${index}`}
            name={name}
            value={choice.value}
            checked={field.value === choice.value}
            onChange={() => void helpers.setValue(choice.value)}
            onBlur={field.onBlur}
            className={css.checkbox}
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

/** A file field's frame: label, hint and error tied to the input like every other field's. */
export function FileInputField({
  name,
  label,
  hint,
  error,
  accept,
  onFile,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  accept: string;
  onFile: (file: File | undefined) => void;
}) {
  const ids = useFieldIds(name);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <input
        type="file"
        id={ids.input}
        name={name}
        accept={accept}
        className={css.input}
        onChange={(event) => onFile(event.target.files?.[0])}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
      />
    </FieldFrame>
  );
}
