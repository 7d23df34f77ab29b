import { PASSWORD_MIN, passwordStrength } from '../../domain/password.ts';
import { PasswordField } from './fields.tsx';
import * as css from './form.css.ts';

/** What the meter says of a password: "too short" only when it is (8 characters is long enough). */
function strengthText(password: string): string {
  const strength = passwordStrength(password);
  if (strength === 'strong') return 'Seguridad: fuerte.';
  if (strength === 'fair') return 'Seguridad: aceptable. Más larga sería más segura.';
  return password.length < PASSWORD_MIN
    ? `Seguridad: débil. Usa al menos ${PASSWORD_MIN} caracteres; una frase larga es lo mejor.`
    : 'Seguridad: débil. Más larga o menos previsible sería más segura; una frase es lo mejor.';
}

/** A password being chosen: what it needs, and a strength meter as it is typed. */
export function NewPasswordField({ name, label }: { name: string; label: string }) {
  return (
    <PasswordField
      name={name}
      label={label}
      autoComplete="new-password"
      hint={`Al menos ${PASSWORD_MIN} caracteres. Puedes usar una frase; no hace falta mezclar símbolos.`}
      // While the field shows an error, that error is the one message about it: no meter beside it.
      below={(password, error) => {
        if (!password || error) return null;
        const strength = passwordStrength(password);
        return (
          <p className={css.strength} data-strength={strength} aria-live="polite">
            {strengthText(password)}
          </p>
        );
      }}
    />
  );
}
