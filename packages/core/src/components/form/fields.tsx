import { useField, type FieldMetaProps } from 'formik';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import * as css from './form.css.ts';
import { useSettledValue } from './pointer-settle.ts';

// The fields of the sign-in form (in the app's first load); the others have modules of their own
// (`code-field.tsx`, `checkbox-field.tsx`), which come with the screens that use them.

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;

interface FieldProps extends InputProps {
  name: string;
  label: string;
  hint?: ReactNode;
}

/** Ids that tie the label, the hint and the error to the input, so a screen reader reads them together. */
export function useFieldIds(name: string) {
  const base = `${useId()}-${name}`;
  return { input: base, hint: `${base}-hint`, error: `${base}-error` };
}

export function describedBy(ids: ReturnType<typeof useFieldIds>, hint: boolean, error: boolean) {
  return [hint ? ids.hint : undefined, error ? ids.error : undefined].filter(Boolean).join(' ') || undefined;
}

/** A field's error once the person has been through it (not while they first fill it in). */
export function shownError(meta: FieldMetaProps<unknown>): string | undefined {
  return meta.touched && meta.error ? String(meta.error) : undefined;
}

/** What a field needs, under its label; its id ties it to the control. Nothing when there is no hint. */
export function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <p id={id} className={css.hint}>
      {hint}
    </p>
  ) : null;
}

/** What is wrong with a field, under it; its id ties it to the control. Nothing when all is well. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  // Not while a tap is under way: the line would move the control being tapped (`pointer-settle.ts`).
  const shown = useSettledValue(error);
  return shown ? (
    <p id={id} className={css.error}>
      {shown}
    </p>
  ) : null;
}

/** Label, hint, the control and its error, in the order a screen reader should meet them. */
export function FieldFrame({
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
      <FieldHint id={ids.hint} hint={hint} />
      {children}
      <FieldError id={ids.error} error={error} />
    </div>
  );
}

export function TextField({ name, label, hint, className, ...input }: FieldProps) {
  const [field, meta] = useField(name);
  const ids = useFieldIds(name);
  const error = shownError(meta);
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
  const error = shownError(meta);
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
