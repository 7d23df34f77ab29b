import {
  Form,
  Formik,
  getIn,
  setIn,
  useFormikContext,
  validateYupSchema,
  yupToFormErrors,
  type FormikErrors,
  type FormikHelpers,
  type FormikValues,
} from 'formik';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import type { AnyObjectSchema } from 'yup';
import { ApiError } from '../../api/api-error.ts';
import { loadMessageFor, type MessageFor } from '../../api/load-messages.ts';
import type { ErrorCode } from '../../domain/error-codes.ts';
import { Button } from '../button.tsx';
import { ErrorAlert } from '../error-alert.tsx';
import type * as ui from '../ui.css.ts';
import * as css from './form.css.ts';

/**
 * The server's verdict on the values it was sent: per field (by the form's name for it, dotted for a
 * nested one: `boat.lengthM`, `boats.0.insurer`), or (for a problem of no field) one message for the
 * banner. It holds only while the values are the ones sent: once the person edits
 * the form, it is no longer about what they see, and it goes.
 */
interface Verdict {
  sent: string;
  fields: Record<string, string>;
  error?: unknown;
  /** The banner's words for `error`. */
  message?: string;
}

const snapshot = (values: FormikValues) => JSON.stringify(values);

/** Formik's shape of errors (and of `touched`) for flat, dotted names: nested objects, as its fields read them. */
function nest<T>(flat: Record<string, T>, into: object = {}): object {
  let nested = into;
  for (const [name, value] of Object.entries(flat))
    if (getIn(nested, name) === undefined) nested = setIn(nested, name, value);
  return nested;
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

/** The banner's words for a problem of no field. */
function bannerMessage(error: unknown, messageFor: MessageFor): string {
  // Only a form can say this: what the person typed is still on the screen.
  return error instanceof ApiError && (error.code === 'network_error' || error.code === 'timeout')
    ? `${messageFor(error)} No se ha perdido lo que escribiste.`
    : messageFor(error);
}

/** The banner for a problem of no field, while the values are still the ones sent. */
function Banner() {
  const { status, values } = useFormikContext<FormikValues>();
  const verdict = status as Verdict | undefined;
  if (!verdict?.error || verdict.message === undefined || verdict.sent !== snapshot(values)) return null;
  return <ErrorAlert error={verdict.error} message={verdict.message} focusable />;
}

/**
 * Takes up what the form's inputs show where it differs from Formik's values, once, as the form first
 * mounts. On the sign-in screen drawn at build time (decision 017) the person may type before the app has
 * loaded: hydration keeps that text on the screen, but Formik, whose inputs are controlled, would still
 * hold the empty values it started with, check those and send those. In the layout effect, before the
 * browser paints again, nothing re-renders the inputs with the old values; later, every change arrives as
 * an event. A form the app draws itself shows its initial values, so nothing changes there.
 */
function TakeUpDrawnValues({ form }: { form: RefObject<HTMLFormElement | null> }) {
  const { values, setValues } = useFormikContext<FormikValues>();
  useLayoutEffect(() => {
    const typed: FormikValues = {};
    for (const [name, value] of Object.entries(values)) {
      const control = form.current?.elements.namedItem(name);
      // A file input shows no value a script may read back; a drawn form has none anyway. Nor has it a group
      // of checkboxes, whose value is a list (one box alone would be read as its own value).
      if (!(control instanceof HTMLInputElement) || control.type === 'file' || Array.isArray(value)) continue;
      const shown = typeof value === 'boolean' ? control.checked : control.value;
      if (shown !== value) typed[name] = shown;
    }
    if (Object.keys(typed).length > 0) void setValues({ ...values, ...typed });
    // Only the values the form was drawn with: afterwards the inputs and Formik agree.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

type SchemaSource = AnyObjectSchema | (() => Promise<AnyObjectSchema>);

/**
 * Checks with the schema, plus the server's field errors while the values are the ones it judged.
 * A schema given as a loader is fetched the first time a field is checked, so a screen's first load
 * need not carry the validation library (the sign-in screen, which every visit meets). Checks then wait
 * for it and may settle late: each answers with the newest check's result, so an answer about values
 * already changed never shows a stale error (which would also move the button under a pointer).
 */
function useValidator<Values extends FormikValues>(source: SchemaSource, verdict: { current: Verdict | undefined }) {
  const latest = useRef<{ id: number; result: Promise<FormikErrors<Values>> }>({ id: 0, result: Promise.resolve({}) });
  const check = async (values: Values): Promise<FormikErrors<Values>> => {
    let errors: FormikErrors<Values> = {};
    try {
      await validateYupSchema(values, typeof source === 'function' ? await source() : source);
    } catch (error) {
      errors = yupToFormErrors(error);
    }
    const server = verdict.current;
    // The rules' own words first; the server's for what the rules found no fault with.
    return server && server.sent === snapshot(values) ? (nest(server.fields, errors) as FormikErrors<Values>) : errors;
  };
  return async (values: Values) => {
    const id = latest.current.id + 1;
    latest.current = { id, result: check(values) };
    let mine = id;
    let result = await latest.current.result;
    while (latest.current.id !== mine) {
      mine = latest.current.id;
      result = await latest.current.result;
    }
    return result;
  };
}

export interface ApiFormProps<Values extends FormikValues> {
  initialValues: Values;
  validationSchema: SchemaSource;
  onSubmit: (values: Values, helpers: FormikHelpers<Values>) => Promise<void>;
  submitLabel: string;
  /** A destructive action (deleting the account) looks like one. */
  submitVariant?: keyof typeof ui.button;
  /** Errors the server reports by code rather than per field, shown under the field they concern (dotted when nested). */
  codeFields?: Partial<Record<ErrorCode, (keyof Values & string) | `${keyof Values & string}.${string}`>>;
  children: ReactNode;
  /** Below the submit button: secondary links. */
  footer?: ReactNode;
}

/**
 * A Formik form wired to the API: the schema from `domain/` checks as the person types; a failed call
 * keeps every value and says what went wrong in Spanish, once: under the field it concerns, or in a
 * banner when it concerns no field. Either goes as soon as the person edits the form.
 */
export function ApiForm<Values extends FormikValues>({
  initialValues,
  validationSchema,
  onSubmit,
  submitLabel,
  submitVariant = 'primary',
  codeFields,
  children,
  footer,
}: ApiFormProps<Values>) {
  const verdict = useRef<Verdict | undefined>(undefined);
  const validate = useValidator<Values>(validationSchema, verdict);
  const form = useRef<HTMLFormElement>(null);
  /**
   * What checking and answering need, asked for once the person moves into the form (a field focused, by key
   * or by press) rather than with the screen: the schema given as a loader and the error catalogue, each
   * loaded once however often it is asked for. A first visit to the sign-in screen then runs neither on its
   * way in (decision 065); by the time a field is checked or a call has failed, they are there. A check or a
   * failure before that still loads them.
   */
  const warmUp = () => {
    void loadMessageFor();
    if (typeof validationSchema === 'function') void validationSchema().catch(() => undefined);
  };
  return (
    <Formik<Values>
      initialValues={initialValues}
      validate={validate}
      // Validating on change too keeps errors current: validating only on blur leaves a stale
      // "required" error that flashes (and moves the button) when the next field loses focus.
      onSubmit={async (values, helpers) => {
        verdict.current = undefined;
        helpers.setStatus(undefined);
        try {
          await onSubmit(values, helpers);
        } catch (error) {
          // Asked for when the person moved into the form (`warmUp`), or now.
          const messageFor = await loadMessageFor();
          const fields: Record<string, string> = {};
          if (error instanceof ApiError) {
            for (const { field, message } of error.fieldErrors) {
              if (getIn(initialValues, field) !== undefined) fields[field] = message ?? messageFor(error);
            }
            const field = codeFields?.[error.code as ErrorCode];
            if (field && !fields[field]) fields[field] = messageFor(error);
          }
          const named = Object.keys(fields).length > 0;
          const result: Verdict = {
            sent: snapshot(values),
            fields,
            ...(named ? {} : { error, message: bannerMessage(error, messageFor) }),
          };
          verdict.current = result;
          if (named) {
            helpers.setErrors(nest(fields) as never);
            helpers.setTouched(
              nest(Object.fromEntries(Object.keys(fields).map((name) => [name, true]))) as never,
              false,
            );
          }
          helpers.setStatus(result);
        }
      }}
    >
      {({ isSubmitting }) => (
        <>
          {/* `post`: should the page's own submit ever run (before the app does), nothing typed would land
              in the address. Formik's `action="#"` gives phones' keyboards their "Go" key. */}
          <Form ref={form} noValidate method="post" className={css.form} onFocus={warmUp} onPointerDown={warmUp}>
            <Banner />
            {children}
            <SubmitButton variant={submitVariant} busy={isSubmitting}>
              {submitLabel}
            </SubmitButton>
            {footer}
            <FocusOnError />
          </Form>
          {/* After the form, not in it: its effect runs once the form's ref is set. */}
          <TakeUpDrawnValues form={form} />
        </>
      )}
    </Formik>
  );
}

const noSubscription = () => () => {};

/**
 * The send button, which works only once the app runs. A screen drawn at build time shows before the
 * app has loaded: there, sending would be the page's own (an address with what was typed in it, the
 * password too), so until the app takes the page over the button is disabled, and Enter in a field with
 * it (which the browser would turn into a click on it) does nothing either. Drawn by the app itself, it is
 * enabled from the start.
 */
function SubmitButton({
  variant,
  busy,
  children,
}: {
  variant: keyof typeof ui.button;
  busy: boolean;
  children: ReactNode;
}) {
  // `false` on the server and while hydrating, `true` afterwards and whenever the app draws the form itself.
  const running = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <Button type="submit" variant={variant} fullWidth disabled={busy || !running} aria-busy={busy}>
      {busy ? 'Enviando…' : children}
    </Button>
  );
}
