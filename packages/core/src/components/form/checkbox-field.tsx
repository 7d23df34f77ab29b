import { useField } from 'formik';
import type { ReactNode } from 'react';
import { FieldError, shownError, useFieldIds } from './fields.tsx';
import * as choiceCss from './choice-fields.css.ts';
import * as css from './form.css.ts';

/** A box to tick, with its label beside it and its error under it. */
export function CheckboxField({ name, children }: { name: string; children: ReactNode }) {
  const [field, meta] = useField({ name, type: 'checkbox' });
  const ids = useFieldIds(name);
  const error = shownError(meta);
  return (
    <div className={css.field}>
      <div className={choiceCss.checkboxRow}>
        <input
          {...field}
          type="checkbox"
          id={ids.input}
          className={choiceCss.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
        <label htmlFor={ids.input}>{children}</label>
      </div>
      <FieldError id={ids.error} error={error} />
    </div>
  );
}
