import {
  Form,
  Formik,
  useFormikContext,
  validateYupSchema,
  yupToFormErrors,
  type FormikErrors,
  type FormikHelpers,
  type FormikValues,
} from 'formik';
import { useEffect, useRef, type ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';
import { ApiError } from '../../api/api-error.ts';
import { messageFor } from '../../api/error-catalogue.ts';
import type { ErrorCode } from '../../domain/error-codes.ts';
import { Button } from '../button.tsx';
import * as ui from '../ui.css.ts';
import * as css from './form.css.ts';

interface Status {
  error?: string;
}

/** After a failed submit, take the person to what needs fixing: the first wrong field, else the message. */
function FocusOnError() {
  const { isSubmitting, submitCount, status } = useFormikContext<FormikValues>();
  const form = useRef<HTMLSpanElement>(null);
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (wasSubmitting.current && !isSubmitting) {
      const root = form.current?.closest('form');
      const target =
        root?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root?.querySelector<HTMLElement>('[role="alert"]');
      target?.focus();
    }
    wasSubmitting.current = isSubmitting;
  }, [isSubmitting, submitCount, status]);
  return <span ref={form} hidden />;
}

type SchemaSource = AnyObjectSchema | (() => Promise<AnyObjectSchema>);

/**
 * A schema given as a loader is fetched the first time a field is checked, so a screen's first load
 * need not carry the validation library (the sign-in screen, which every visit meets). Checks then wait
 * for it and may settle late: each answers with the newest check's result, so an answer about values
 * already changed never shows a stale error (which would also move the button under a pointer).
 */
function useValidator<Values extends FormikValues>(source: SchemaSource) {
  const latest = useRef<{ id: number; result: Promise<FormikErrors<Values>> }>({ id: 0, result: Promise.resolve({}) });
  if (typeof source !== 'function') return { validationSchema: source };
  const check = async (values: Values): Promise<FormikErrors<Values>> => {
    try {
      await validateYupSchema(values, await source());
      return {};
    } catch (error) {
      return yupToFormErrors(error);
    }
  };
  return {
    validate: async (values: Values) => {
      const id = latest.current.id + 1;
      latest.current = { id, result: check(values) };
      let mine = id;
      let result = await latest.current.result;
      while (latest.current.id !== mine) {
        mine = latest.current.id;
        result = await latest.current.result;
      }
      return result;
    },
  };
}

export interface ApiFormProps<Values extends FormikValues> {
  initialValues: Values;
  validationSchema: SchemaSource;
  onSubmit: (values: Values, helpers: FormikHelpers<Values>) => Promise<void>;
  submitLabel: string;
  /** Errors the server reports by code rather than per field, shown next to the field they concern. */
  codeFields?: Partial<Record<ErrorCode, keyof Values & string>>;
  children: ReactNode;
  /** Below the submit button: secondary links. */
  footer?: ReactNode;
}

/**
 * A Formik form wired to the API: the schema from `domain/` checks as the person types; a failed call
 * keeps every value, marks the fields the server names and says what went wrong in Spanish.
 */
export function ApiForm<Values extends FormikValues>({
  initialValues,
  validationSchema,
  onSubmit,
  submitLabel,
  codeFields,
  children,
  footer,
}: ApiFormProps<Values>) {
  const validator = useValidator<Values>(validationSchema);
  return (
    <Formik<Values>
      initialValues={initialValues}
      {...validator}
      // Validating on change too keeps errors current: validating only on blur leaves a stale
      // "required" error that flashes (and moves the button) when the next field loses focus.
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        try {
          await onSubmit(values, helpers);
        } catch (error) {
          const message = messageFor(error);
          if (error instanceof ApiError) {
            const fields: Record<string, string> = {};
            for (const fieldError of error.fieldErrors) fields[fieldError.field] = fieldError.message ?? message;
            const field = codeFields?.[error.code as ErrorCode];
            if (field && !fields[field]) fields[field] = message;
            if (Object.keys(fields).length > 0) {
              helpers.setErrors(fields as never);
              helpers.setTouched(Object.fromEntries(Object.keys(fields).map((name) => [name, true])) as never, false);
            }
          }
          helpers.setStatus({ error: message } satisfies Status);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className={css.form}>
          {(status as Status | undefined)?.error ? (
            <p className={ui.alert} role="alert" tabIndex={-1}>
              {(status as Status).error}
            </p>
          ) : null}
          {children}
          <Button type="submit" fullWidth disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Enviando…' : submitLabel}
          </Button>
          {footer}
          <FocusOnError />
        </Form>
      )}
    </Formik>
  );
}
