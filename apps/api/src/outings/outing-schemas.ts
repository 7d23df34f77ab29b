/**
 * JSON schemas of what the outing calls answer, registered once (`$ref: 'Outing#'`), for the OpenAPI document
 * and the response serialiser (which drops what a schema does not name, so every field of the core types is
 * here). Request bodies are derived from core's yup schemas (`bodyFrom`).
 */
import { OUTING_STATES } from '@marina/core/domain/outings.ts';
import { nextSchema } from '../http/pagination.ts';

const offsetTime = { type: 'string', format: 'date-time', description: "ISO 8601 with the marina's offset" } as const;
const nullableTime = {
  type: ['string', 'null'],
  format: 'date-time',
  description: "ISO 8601 with the marina's offset, or null",
} as const;

const commonProperties = {
  id: { type: 'string', format: 'uuid' },
  boatId: { type: 'string', format: 'uuid' },
  boatName: { type: 'string' },
  state: { type: 'string', enum: [...OUTING_STATES] },
  departure: offsetTime,
  expectedReturn: offsetTime,
  overdueSince: { ...nullableTime, description: 'When it became overdue; null unless overdue now' },
  returnedAt: nullableTime,
  returnedBy: { anyOf: [{ type: 'string', enum: ['customer', 'staff'] }, { type: 'null' }] },
  people: { type: 'integer' },
  skipper: {
    type: 'object',
    properties: {
      kind: { type: 'string', enum: ['owner', 'authorised'] },
      authorisationId: { type: ['string', 'null'], format: 'uuid' },
      firstName: { type: 'string' },
      surnames: { type: 'string' },
    },
    required: ['kind', 'authorisationId', 'firstName', 'surnames'],
  },
  destination: { type: 'string' },
  contactPhone: { type: 'string', description: 'E.164' },
  createdAt: offsetTime,
} as const;

const outingProperties = {
  ...commonProperties,
  loggedBy: {
    type: 'object',
    properties: { firstName: { type: 'string' }, surnames: { type: 'string' }, self: { type: 'boolean' } },
    required: ['firstName', 'surnames', 'self'],
  },
  role: { type: 'string', enum: ['owner', 'authorised'], description: "The signed-in person's relation to the boat" },
  actions: {
    type: 'object',
    description:
      'The person who logged it or its skipper, while it is at sea or overdue; an owner only reads the others',
    properties: { return: { type: 'boolean' }, extend: { type: 'boolean' } },
    required: ['return', 'extend'],
  },
} as const;

export const outingSchemaJson = {
  $id: 'Outing',
  type: 'object',
  properties: outingProperties,
  required: Object.keys(outingProperties),
} as const;

export const outingListSchema = {
  $id: 'OutingList',
  type: 'object',
  properties: {
    atSea: {
      type: 'array',
      items: { $ref: 'Outing#' },
      description:
        'At sea or overdue: overdue first, then soonest expected return; all on the first page, none on the following',
    },
    history: {
      type: 'array',
      items: { $ref: 'Outing#' },
      description: 'Returned, latest departure first: one page of them',
    },
    next: nextSchema,
  },
  required: ['atSea', 'history', 'next'],
} as const;

const person = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    firstName: { type: 'string' },
    surnames: { type: 'string' },
    phone: { type: 'string' },
  },
  required: ['id', 'firstName', 'surnames', 'phone'],
} as const;

const staffOutingProperties = {
  ...commonProperties,
  boatRegistration: { type: 'string' },
  owner: person,
  loggedBy: person,
} as const;

export const staffOutingSchemaJson = {
  $id: 'StaffOuting',
  type: 'object',
  properties: staffOutingProperties,
  required: Object.keys(staffOutingProperties),
} as const;

export const staffOutingListSchema = {
  $id: 'StaffOutingList',
  type: 'object',
  properties: {
    date: { type: 'string', format: 'date' },
    timeZone: { type: 'string' },
    outings: {
      type: 'array',
      items: { $ref: 'StaffOuting#' },
      description: 'Overdue first, then at sea, then returned',
    },
  },
  required: ['date', 'timeZone', 'outings'],
} as const;

const skipperOption = {
  type: 'object',
  properties: {
    skipper: { type: 'string', description: '`owner` or an authorisation id: what the body sends' },
    firstName: { type: 'string' },
    surnames: { type: 'string' },
    licenceExpiresOn: { type: ['string', 'null'], format: 'date' },
    available: { type: 'boolean' },
    reason: { type: ['string', 'null'] },
  },
  required: ['skipper', 'firstName', 'surnames', 'licenceExpiresOn', 'available', 'reason'],
} as const;

const boatOption = {
  type: 'object',
  properties: {
    boatId: { type: 'string', format: 'uuid' },
    boatName: { type: 'string' },
    role: { type: 'string', enum: ['owner', 'authorised'] },
    launchToday: {
      anyOf: [
        {
          type: 'object',
          properties: {
            id: { type: 'string', format: 'uuid' },
            status: { type: 'string', enum: ['confirmed', 'in_water'] },
            slotStart: offsetTime,
          },
          required: ['id', 'status', 'slotStart'],
        },
        { type: 'null' },
      ],
    },
    canLog: { type: 'boolean' },
    refusals: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          code: { type: 'string', enum: ['boat_not_in_water', 'boat_already_at_sea', 'not_eligible'] },
          text: { type: 'string' },
        },
        required: ['code', 'text'],
      },
    },
    skippers: { type: 'array', items: skipperOption },
  },
  required: ['boatId', 'boatName', 'role', 'launchToday', 'canLog', 'refusals', 'skippers'],
} as const;

export const outingOptionsSchema = {
  $id: 'OutingOptions',
  type: 'object',
  properties: {
    timeZone: { type: 'string' },
    today: { type: 'string', format: 'date' },
    closesAt: nullableTime,
    allowOvernight: { type: 'boolean' },
    contactPhone: { type: 'string' },
    boats: { type: 'array', items: boatOption },
  },
  required: ['timeZone', 'today', 'closesAt', 'allowOvernight', 'contactPhone', 'boats'],
} as const;

export const outingSchemas = [
  outingSchemaJson,
  outingListSchema,
  staffOutingSchemaJson,
  staffOutingListSchema,
  outingOptionsSchema,
];
