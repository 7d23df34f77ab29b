import type { ReactNode } from 'react';
import { TextField } from './fields.tsx';
import * as css from './form.css.ts';

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
