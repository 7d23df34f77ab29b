import type { ReactNode } from 'react';
import { describedBy, FieldFrame, useFieldIds } from './fields.tsx';
import * as css from './form.css.ts';

// A module of its own: the sign-in screen's first load has no file to send (decision 017).

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
