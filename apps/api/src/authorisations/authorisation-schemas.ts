/**
 * JSON schemas of what the authorisations calls answer, registered once (`$ref: 'Authorisation#'`), for the
 * OpenAPI document and the response serialiser (which drops what a schema does not name, so every field of
 * the core type is here). Request bodies are derived from their yup rules (decision 016).
 */
import { AUTHORISATION_STATES } from '@marina/core/domain/authorisations.ts';
import { LICENCE_TYPES } from '@marina/core/domain/data-validation.ts';

const date = { type: 'string', format: 'date' } as const;
const nullableDate = { type: ['string', 'null'], format: 'date' } as const;
const instant = { type: 'string', format: 'date-time' } as const;
const nullableInstant = { type: ['string', 'null'], format: 'date-time' } as const;

export const licenceSchemaJson = {
  $id: 'Licence',
  type: 'object',
  properties: {
    type: { type: 'string', enum: [...LICENCE_TYPES] },
    number: { type: 'string' },
    expiresOn: { ...date, description: 'Last valid day' },
  },
  required: ['type', 'number', 'expiresOn'],
} as const;

export const authorisationSchemaJson = {
  $id: 'Authorisation',
  type: 'object',
  description: 'A person the owner lets use some of their boats (docs/product.md §4.8)',
  properties: {
    id: { type: 'string', format: 'uuid' },
    firstName: { type: 'string' },
    surnames: { type: 'string' },
    document: {
      type: 'string',
      description:
        'Normalised DNI, NIE or passport; an account with it is attached only once it proves this phone or e-mail (decision 038)',
    },
    phone: { type: 'string', description: 'E.164' },
    email: { type: 'string' },
    licence: { $ref: 'Licence#' },
    boats: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
        required: ['id', 'name'],
      },
    },
    validFrom: date,
    validTo: { ...nullableDate, description: 'Last day included; null when open-ended' },
    state: { type: 'string', enum: [...AUTHORISATION_STATES] },
    suspensionReason: { type: ['string', 'null'] },
    suspendedAt: nullableInstant,
    createdAt: instant,
    validatedAt: nullableInstant,
    account: {
      description:
        'The account in the app it is attached to, by its holder’s name; null until one with this document proves this phone or e-mail, and once it is deleted',
      anyOf: [
        {
          type: 'object',
          properties: { firstName: { type: 'string' }, surnames: { type: 'string' } },
          required: ['firstName', 'surnames'],
        },
        { type: 'null' },
      ],
    },
    code: {
      description: 'While pending: where the code went (masked) and when another may be asked for',
      anyOf: [
        {
          type: 'object',
          properties: {
            channel: { type: 'string', enum: ['sms', 'email'] },
            destination: { type: 'string', description: 'Masked phone (SMS) or e-mail' },
            expiresAt: instant,
            resendAvailableAt: instant,
          },
          required: ['channel', 'destination', 'expiresAt', 'resendAvailableAt'],
        },
        { type: 'null' },
      ],
    },
  },
  required: [
    'id',
    'firstName',
    'surnames',
    'document',
    'phone',
    'email',
    'licence',
    'boats',
    'validFrom',
    'validTo',
    'state',
    'suspensionReason',
    'suspendedAt',
    'createdAt',
    'validatedAt',
    'account',
    'code',
  ],
  examples: [
    {
      id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
      firstName: 'Marta',
      surnames: 'Ruiz Soler',
      document: '12345678Z',
      phone: '+34612345678',
      email: 'marta@correo.es',
      licence: { type: 'per', number: 'PER-123', expiresOn: '2028-01-01' },
      boats: [{ id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: 'Brisa' }],
      validFrom: '2026-12-01',
      validTo: '2027-06-30',
      state: 'pending',
      suspensionReason: null,
      suspendedAt: null,
      createdAt: '2026-11-25T18:00:00.000Z',
      validatedAt: null,
      account: null,
      code: {
        channel: 'sms',
        destination: '+34 6•• ••• •78',
        expiresAt: '2026-11-25T18:10:00.000Z',
        resendAvailableAt: '2026-11-25T18:01:00.000Z',
      },
    },
  ],
} as const;

export const boatAuthorisationSchemaJson = {
  $id: 'BoatAuthorisation',
  type: 'object',
  description: 'The authorisation that lets the signed-in person use someone else’s boat',
  properties: {
    id: { type: 'string', format: 'uuid' },
    owner: {
      type: 'object',
      properties: { firstName: { type: 'string' }, surnames: { type: 'string' } },
      required: ['firstName', 'surnames'],
    },
    validFrom: date,
    validTo: nullableDate,
    state: { type: 'string', enum: [...AUTHORISATION_STATES] },
    suspensionReason: { type: ['string', 'null'] },
    licence: { $ref: 'Licence#' },
  },
  required: ['id', 'owner', 'validFrom', 'validTo', 'state', 'suspensionReason', 'licence'],
} as const;

/** References first. */
export const authorisationSchemas = [licenceSchemaJson, authorisationSchemaJson, boatAuthorisationSchemaJson];
