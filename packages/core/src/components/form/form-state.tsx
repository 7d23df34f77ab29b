import {
  createContext,
  use,
  useEffectEvent,
  useLayoutEffect,
  useReducer,
  useRef,
  type ChangeEvent,
  type ComponentProps,
  type FormEvent,
  type ReactNode,
} from 'react';
import type { AnyObjectSchema, ValidationError } from 'yup';

/**
 * The state of a form and what changes it: the few things Formik did for these forms (values, errors,
 * touched fields, the submit cycle, a status), without Formik and the lodash it brings. The sign-in
 * screen, which every visit meets, carries it in its first load.
 */

/** Every form here is flat: text fields and check boxes. */
export type FormValues = Record<string, string | boolean>;
export type FormErrors<Values extends FormValues> = Partial<Record<keyof Values & string, string>>;
export type FormTouched<Values extends FormValues> = Partial<Record<keyof Values & string, boolean>>;

export interface FormState<Values extends FormValues> {
  values: Values;
  errors: FormErrors<Values>;
  touched: FormTouched<Values>;
  isSubmitting: boolean;
  submitCount: number;
  /** Whatever the form's owner keeps about the last submit (the server's verdict). */
  status: unknown;
}

type Action<Values extends FormValues> =
  | { type: 'values'; values: Partial<Values> }
  | { type: 'touched'; touched: FormTouched<Values> }
  | { type: 'errors'; errors: FormErrors<Values> }
  | { type: 'status'; status: unknown }
  | { type: 'submit' }
  | { type: 'submitted' };

const sameEntries = (a: object, b: object) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([key, value]) => (b as Record<string, unknown>)[key] === value);

function reduce<Values extends FormValues>(state: FormState<Values>, action: Action<Values>): FormState<Values> {
  switch (action.type) {
    case 'values':
      return { ...state, values: { ...state.values, ...action.values } };
    case 'touched':
      return sameEntries(state.touched, action.touched) ? state : { ...state, touched: action.touched };
    case 'errors':
      // Same errors, same state: nothing re-renders on a keystroke that changes no message.
      return sameEntries(state.errors, action.errors) ? state : { ...state, errors: action.errors };
    case 'status':
      return { ...state, status: action.status };
    case 'submit': {
      // Sending shows every field's problem, also of fields the person never visited.
      const touched = Object.fromEntries(Object.keys(state.values).map((name) => [name, true])) as FormTouched<Values>;
      return { ...state, touched, isSubmitting: true, submitCount: state.submitCount + 1 };
    }
    case 'submitted':
      return { ...state, isSubmitting: false };
  }
}

export interface FormApi<Values extends FormValues> extends FormState<Values> {
  setStatus(status: unknown): void;
  /** Errors and touched fields the server's answer names. */
  setErrors(errors: FormErrors<Values>): void;
  setTouched(touched: FormTouched<Values>): void;
  change(name: string, value: string | boolean): void;
  blur(name: string): void;
}

const FormContext = createContext<FormApi<FormValues> | null>(null);

export function useFormContext<Values extends FormValues = FormValues>(): FormApi<Values> {
  const form = use(FormContext);
  if (!form) throw new Error('useFormContext needs a <FormStateForm> above it');
  return form as unknown as FormApi<Values>;
}

/** What the form's controls show now, read from the page: the person may have typed before the app ran. */
function valuesOnScreen<Values extends FormValues>(form: HTMLFormElement | null, values: Values): Partial<Values> {
  const changed: Partial<Values> = {};
  if (!form) return changed;
  for (const [name, value] of Object.entries(values)) {
    const control = form.elements.namedItem(name);
    if (!(control instanceof HTMLInputElement)) continue;
    const shown = typeof value === 'boolean' ? control.checked : control.value;
    if (shown !== value) (changed as FormValues)[name] = shown;
  }
  return changed;
}

export interface FormStateFormProps<Values extends FormValues>
  extends Omit<ComponentProps<'form'>, 'onSubmit' | 'children'> {
  initialValues: Values;
  /** Checked on every change, every blur and before sending; `{}` when all is well. */
  validate: (values: Values) => Promise<FormErrors<Values>>;
  /** Called with valid values; the form counts as sending until it settles. */
  onSubmit: (values: Values, form: FormApi<Values>) => Promise<void>;
  children: (form: FormApi<Values>) => ReactNode;
}

/**
 * A `<form>` and its state. Inputs are controlled, yet what is on the screen wins where the two differ:
 * text typed into the page drawn at build time before the app took it over, or a value the browser's
 * password manager filled in without an event, is taken up when the form starts and again when it is
 * sent, never wiped.
 */
export function FormStateForm<Values extends FormValues>({
  initialValues,
  validate,
  onSubmit,
  children,
  ...formProps
}: FormStateFormProps<Values>) {
  const [state, dispatch] = useReducer(reduce<Values>, {
    values: initialValues,
    errors: {},
    touched: {},
    isSubmitting: false,
    submitCount: 0,
    status: undefined,
  });
  const element = useRef<HTMLFormElement>(null);

  const check = (values: Values) => {
    void validate(values).then((errors) => dispatch({ type: 'errors', errors }));
  };

  const api: FormApi<Values> = {
    ...state,
    setStatus: (status) => dispatch({ type: 'status', status }),
    setErrors: (errors) => dispatch({ type: 'errors', errors }),
    setTouched: (touched) => dispatch({ type: 'touched', touched }),
    change: (name, value) => {
      dispatch({ type: 'values', values: { [name]: value } as Partial<Values> });
      check({ ...state.values, [name]: value });
    },
    blur: (name) => {
      dispatch({ type: 'touched', touched: { ...state.touched, [name]: true } });
      check(state.values);
    },
  };

  /** The values with what the screen shows taken up (see above). */
  const takeUpScreen = (): Values => {
    const typed = valuesOnScreen(element.current, state.values);
    if (Object.keys(typed).length === 0) return state.values;
    dispatch({ type: 'values', values: typed });
    return { ...state.values, ...typed };
  };
  const start = useEffectEvent(() => {
    const values = takeUpScreen();
    if (values !== state.values) check(values);
  });
  // Before anything re-renders the inputs with the values the page was drawn with; later, every change
  // arrives as an event.
  useLayoutEffect(() => start(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    const values = takeUpScreen();
    dispatch({ type: 'submit' });
    const errors = await validate(values);
    dispatch({ type: 'errors', errors });
    try {
      if (Object.keys(errors).length === 0) await onSubmit(values, api);
    } finally {
      dispatch({ type: 'submitted' });
    }
  }

  return (
    <FormContext value={api as unknown as FormApi<FormValues>}>
      {/* `action` gives phones' keyboards their "Go" key. `post`: should the page's own submit ever run
          (before the app does), nothing typed would land in the address. */}
      <form ref={element} action="#" method="post" {...formProps} onSubmit={(event) => void submit(event)}>
        {children(api)}
      </form>
    </FormContext>
  );
}

/** A control's value, its handlers and whether to show its error. */
export function useField<Value extends string | boolean = string>(name: string) {
  const form = useFormContext();
  const value = form.values[name] as Value;
  return [
    {
      name,
      value,
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        form.change(name, event.target.type === 'checkbox' ? event.target.checked : event.target.value),
      onBlur: () => form.blur(name),
    },
    { touched: form.touched[name] === true, error: form.errors[name] },
  ] as const;
}

/**
 * Runs a yup schema the way the forms expect: every problem at once, the first per field, and an empty
 * text counted as missing (so `required` and optional rules read it as nothing typed).
 */
export async function validateWithSchema<Values extends FormValues>(
  values: Values,
  schema: AnyObjectSchema,
): Promise<FormErrors<Values>> {
  const prepared = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === '' ? undefined : value]));
  try {
    await schema.validate(prepared, { abortEarly: false, context: prepared });
    return {};
  } catch (error) {
    const errors: Record<string, string> = {};
    // Not a verdict about the values (a bug in a rule): not "all is well" either.
    if (!(error instanceof Error) || error.name !== 'ValidationError') throw error;
    const problem = error as ValidationError;
    for (const inner of problem.inner?.length ? problem.inner : [problem]) {
      if (inner.path && !(inner.path in errors)) errors[inner.path] = inner.message;
    }
    return errors as FormErrors<Values>;
  }
}
