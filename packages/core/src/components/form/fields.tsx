import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { PASSWORD_MIN, passwordStrength } from '../../domain/password.ts';
import * as css from './form.css.ts';
import { useField } from './form-state.tsx';

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

/** What the meter says of a password: "too short" only when it is (8 characters is long enough). */
function strengthText(password: string): string {
  const strength = passwordStrength(password);
  if (strength === 'strong') return 'Seguridad: fuerte.';
  if (strength === 'fair') return 'Seguridad: aceptable. Más larga sería más segura.';
  return password.length < PASSWORD_MIN
    ? `Seguridad: débil. Usa al menos ${PASSWORD_MIN} caracteres; una frase larga es lo mejor.`
    : 'Seguridad: débil. Más larga o menos previsible sería más segura; una frase es lo mejor.';
}

export function PasswordField({
  name,
  label,
  autoComplete,
  showStrength = false,
}: {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  showStrength?: boolean;
}) {
  const [field, meta] = useField<string>(name);
  const ids = useFieldIds(name);
  const [visible, setVisible] = useState(false);
  const error = meta.touched && meta.error ? meta.error : undefined;
  // While the field shows an error, that error is the one message about it: no meter beside it.
  const strength = showStrength && field.value && !error ? passwordStrength(field.value) : undefined;
  const hint = showStrength ? `Al menos ${PASSWORD_MIN} caracteres. Puedes usar una frase; no hace falta mezclar símbolos.` : undefined;
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
          aria-describedby={describedBy(ids, showStrength, Boolean(error))}
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
      {strength ? (
        <p className={css.strength} data-strength={strength} aria-live="polite">
          {strengthText(field.value)}
        </p>
      ) : null}
    </FieldFrame>
  );
}

export function CheckboxField({ name, children }: { name: string; children: ReactNode }) {
  const [{ value, ...field }, meta] = useField<boolean>(name);
  const ids = useFieldIds(name);
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <div className={css.field}>
      <div className={css.checkboxRow}>
        <input
          {...field}
          checked={value}
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
