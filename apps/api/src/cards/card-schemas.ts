/**
 * JSON schemas of the card calls (docs/product.md §4.10), registered once (`$ref: 'Card#'`), for the OpenAPI
 * document and the response serialiser, which sends only what a schema names: a `CardCheck` can hold
 * nothing beyond its keys (CARD_CHECK_KEYS).
 */
import { CARD_CHECK_KEYS, CARD_CODE } from '@marina/core/domain/cards.ts';

const nullableDate = { type: ['string', 'null'], format: 'date' } as const;
const instant = { type: 'string', format: 'date-time' } as const;
const roles = { type: 'string', enum: ['owner', 'authorised'] } as const;

export const cardReasonSchema = {
  $id: 'CardReason',
  type: 'object',
  description:
    'Why the card is red: an eligibility reason (code, Spanish text, fix) and the boat it is about (null: the holder’s own)',
  properties: {
    code: { type: 'string', examples: ['insurance_expired', 'no_boats'] },
    text: { type: 'string' },
    fix: {
      anyOf: [
        {
          type: 'object',
          properties: { label: { type: 'string' }, to: { type: 'string', description: "The app's path" } },
          required: ['label', 'to'],
        },
        { type: 'null' },
      ],
    },
    boat: {
      anyOf: [
        {
          type: 'object',
          properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
          required: ['id', 'name'],
        },
        { type: 'null' },
      ],
    },
  },
  required: ['code', 'text', 'fix', 'boat'],
} as const;

const cardProperties = {
  idTarjeta: {
    type: 'string',
    description: 'Opaque, 128 random bits (base64url, 22 characters); a re-issue gives a new one',
  },
  number: {
    type: 'string',
    pattern: '^\\d{8}$',
    description: 'For typing by hand (shown as 1234 5678); kept by a re-issue',
  },
  holder: {
    type: 'object',
    properties: { firstName: { type: 'string' }, surnames: { type: 'string' } },
    required: ['firstName', 'surnames'],
  },
  role: { ...roles, description: '`authorised` when every boat the card covers is someone else’s' },
  marina: {
    type: 'object',
    properties: { id: { type: 'integer' }, title: { type: 'string' } },
    required: ['id', 'title'],
  },
  boats: {
    type: 'array',
    description: 'Own boats first, then those the holder is authorised on, each with the holder’s verdict',
    items: {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string' },
        role: roles,
        eligibility: {
          type: 'object',
          properties: {
            eligible: { type: 'boolean' },
            reasons: { type: 'array', items: { $ref: 'EligibilityReason#' } },
          },
          required: ['eligible', 'reasons'],
        },
      },
      required: ['id', 'name', 'role', 'eligibility'],
    },
  },
  validUntil: {
    ...nullableDate,
    description: 'While green, the last day it stays green if nothing changes; null when red or open-ended',
  },
  verdict: {
    type: 'object',
    description: 'Green (`valid`) when the holder may use at least one of the boats today; else every reason',
    properties: { valid: { type: 'boolean' }, reasons: { type: 'array', items: { $ref: 'CardReason#' } } },
    required: ['valid', 'reasons'],
  },
  code: {
    type: 'object',
    description:
      'RFC 6238 parameters and the base32 secret the phone computes the QR’s code from (cardCode in @marina/core/domain/cards.ts)',
    properties: {
      secret: { type: 'string' },
      algorithm: { type: 'string', enum: [CARD_CODE.algorithm] },
      digits: { type: 'integer', enum: [CARD_CODE.digits] },
      period: { type: 'integer', enum: [CARD_CODE.period] },
    },
    required: ['secret', 'algorithm', 'digits', 'period'],
  },
  issuedAt: instant,
  serverTime: { ...instant, description: 'The server’s clock: the phone computes codes with its offset from it' },
} as const;

export const cardSchemaJson = {
  $id: 'Card',
  type: 'object',
  properties: cardProperties,
  required: Object.keys(cardProperties),
  examples: [
    {
      idTarjeta: 'q2V0bGluZS1jYXJkLTAwMQ',
      number: '40718263',
      holder: { firstName: 'Lucía', surnames: 'García Pons' },
      role: 'owner',
      marina: { id: 41, title: 'Marina Seca 41' },
      boats: [
        {
          id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
          name: 'Brisa',
          role: 'owner',
          eligibility: { eligible: true, reasons: [] },
        },
      ],
      validUntil: '2027-05-31',
      verdict: { valid: true, reasons: [] },
      code: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', ...CARD_CODE },
      issuedAt: '2026-11-25T10:00:00.000Z',
      serverTime: '2026-11-25T10:00:00.000Z',
    },
  ],
} as const;

const checkProperties = {
  valid: { type: 'boolean', description: '«VÁLIDA» / «NO VÁLIDA»' },
  codeStale: {
    type: 'boolean',
    description:
      '«código caducado»: the code is missing, stale or wrong, or the card is unknown here (they answer alike)',
  },
  reasons: {
    type: 'array',
    items: {
      type: 'object',
      properties: { code: { type: 'string' }, text: { type: 'string' } },
      required: ['code', 'text'],
    },
  },
  holder: {
    anyOf: [
      {
        type: 'object',
        properties: { firstName: { type: 'string' }, surnameInitial: { type: 'string' } },
        required: ['firstName', 'surnameInitial'],
      },
      { type: 'null' },
    ],
  },
  role: { anyOf: [roles, { type: 'null' }] },
  boats: {
    type: 'array',
    items: {
      type: 'object',
      properties: { name: { type: 'string' }, valid: { type: 'boolean' } },
      required: ['name', 'valid'],
    },
  },
  validUntil: nullableDate,
  checkedAt: { ...instant, description: 'The time of the check' },
} as const satisfies Record<(typeof CARD_CHECK_KEYS)[number], unknown>;

export const cardCheckSchema = {
  $id: 'CardCheck',
  type: 'object',
  description: 'What a check tells anyone, and nothing more: no document, phone, e-mail or full surname',
  properties: checkProperties,
  required: [...CARD_CHECK_KEYS],
  examples: [
    {
      valid: false,
      codeStale: false,
      reasons: [{ code: 'insurance_expired', text: 'Seguro caducado (Brisa)' }],
      holder: { firstName: 'Lucía', surnameInitial: 'G.' },
      role: 'owner',
      boats: [{ name: 'Brisa', valid: false }],
      validUntil: null,
      checkedAt: '2026-11-25T10:00:00.000Z',
    },
  ],
} as const;

export const cardSchemas = [cardReasonSchema, cardSchemaJson, cardCheckSchema];
