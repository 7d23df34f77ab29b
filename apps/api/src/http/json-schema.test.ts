import { changePasswordSchema, codeSchema, registrationSchema } from '@marina/core/domain/account-rules.ts';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { UnsupportedSchemaError, yupToJsonSchema } from './json-schema.ts';

describe('yupToJsonSchema', () => {
  it('shows the registration rules: required fields, lengths, e-mail format, the accepted privacy policy', () => {
    const json = yupToJsonSchema(registrationSchema);
    expect(json).toMatchObject({
      type: 'object',
      required: ['firstName', 'surnames', 'document', 'email', 'phone', 'acceptPrivacy'],
      properties: {
        firstName: { type: 'string', minLength: 1, maxLength: 60 },
        surnames: { type: 'string', minLength: 1, maxLength: 60 },
        document: { type: 'string', minLength: 1, description: expect.stringContaining('DNI or NIE') },
        email: { type: 'string', format: 'email', maxLength: 254, description: expect.stringContaining('lower-cased') },
        phone: { type: 'string', minLength: 1, description: expect.stringContaining('must start with 6 or 7') },
        acceptPrivacy: { type: 'boolean', enum: [true] },
      },
    });
  });

  it('turns matches into a pattern and says what the rule normalises', () => {
    expect(yupToJsonSchema(codeSchema).properties).toEqual({
      code: { type: 'string', minLength: 1, pattern: '^\\d{6}$', description: 'Spaces are ignored.' },
    });
  });

  it('says in words what refers to another field', () => {
    const { properties } = yupToJsonSchema(changePasswordSchema) as { properties: Record<string, object> };
    expect(properties.newPassword).toEqual({
      type: 'string',
      minLength: 8,
      maxLength: 128,
      description: 'Must differ from `currentPassword`.',
    });
  });

  it('maps nullable, allowed and refused values, numbers, lists, dates and defaults', () => {
    const json = yupToJsonSchema(
      yup.object({
        size: yup.string().nullable().oneOf(['S', 'M']).defined(),
        notAdmin: yup.string().notOneOf(['admin']),
        length: yup.number().integer().min(2).max(30),
        weight: yup.number().positive().lessThan(100),
        crew: yup.array(yup.string().uuid().required()).min(1).max(8).required(),
        launchDay: yup.date().min(new Date('2024-01-01T00:00:00Z')),
        site: yup.string().url(),
        at: yup.string().datetime(),
        pier: yup.string().default('A'),
      }),
    );
    expect(json).toEqual({
      type: 'object',
      required: ['size', 'crew'],
      properties: {
        size: { type: ['string', 'null'], enum: ['S', 'M', null] },
        notAdmin: { type: 'string', not: { enum: ['admin'] } },
        length: { type: 'integer', minimum: 2, maximum: 30 },
        weight: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 100 },
        crew: { type: 'array', minItems: 1, maxItems: 8, items: { type: 'string', minLength: 1, format: 'uuid' } },
        launchDay: {
          type: 'string',
          anyOf: [{ format: 'date' }, { format: 'date-time' }],
          description: 'Not before 2024-01-01T00:00:00.000Z.',
        },
        site: { type: 'string', format: 'uri' },
        at: { type: 'string', format: 'date-time' },
        pier: { type: 'string', default: 'A' },
      },
    });
  });

  it('keeps a pattern out when its flags cannot be carried, and says it instead', () => {
    const json = yupToJsonSchema(yup.object({ plate: yup.string().matches(/^[a-z]{2}-\d{4}$/i) }));
    expect(json.properties).toEqual({ plate: { type: 'string', description: 'Must match /^[a-z]{2}-\\d{4}$/i.' } });
  });

  it('says that an object refusing unknown keys has no other properties, nested too', () => {
    const inner = yup.object({ b: yup.string() }).noUnknown(true, 'Campo desconocido: ${unknown}.');
    const json = yupToJsonSchema(
      yup.object({ a: yup.string(), inner: inner.default(undefined).optional() }).noUnknown(true, 'Campo desconocido.'),
    );
    expect(json).toMatchObject({
      additionalProperties: false,
      properties: { inner: { type: 'object', additionalProperties: false } },
    });
    expect(yupToJsonSchema(yup.object({ a: yup.string() }))).not.toHaveProperty('additionalProperties');
  });

  it('merges the keywords a rule adds in meta', () => {
    const json = yupToJsonSchema(
      yup.object({ day: yup.date().meta({ description: 'The launch day.', jsonSchema: { format: 'date' } }) }),
    );
    expect(json.properties).toEqual({ day: { type: 'string', format: 'date', description: 'The launch day.' } });
  });

  it('refuses a custom test its rule does not describe, naming the field', () => {
    const schema = yup.object({
      boat: yup.object({
        name: yup.string().test('no-shouting', 'Sin mayúsculas', (value) => value !== value?.toUpperCase()),
      }),
    });
    expect(() => yupToJsonSchema(schema)).toThrow(UnsupportedSchemaError);
    expect(() => yupToJsonSchema(schema)).toThrow(/boat\.name: custom test "no-shouting"/);
  });

  it('refuses what it cannot describe rather than documenting a loose body', () => {
    expect(() => yupToJsonSchema(yup.object({ any: yup.lazy(() => yup.string()) }))).toThrow(/any: a lazy schema/);
    expect(() => yupToJsonSchema(yup.object({ pair: yup.tuple([yup.string(), yup.number()]) }))).toThrow(
      /pair: yup type "tuple"/,
    );
  });
});
