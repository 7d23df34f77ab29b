import type { AnyObjectSchema } from 'yup';

/**
 * A form's schema made of the domain's rule for the request body: the form's values (text, as typed) become
 * the body (`toBody`), and the rule checks that body. Messages and error paths are the server's own, so a
 * form whose field names are the body's shows every error, found here or by the server, on its field
 * (decision 021). `toBody` meets empty inputs as `undefined` (Formik's way while checking) or as ''.
 */
export function bodyRule<Values>(
  rule: AnyObjectSchema,
  toBody: (values: Partial<Values> | undefined) => unknown,
): AnyObjectSchema {
  return rule.transform((_value: unknown, original: Partial<Values> | undefined) => toBody(original));
}

/** An input left empty is a value not given. */
export const written = (text: string | undefined): string | undefined => (text?.trim() ? text : undefined);
