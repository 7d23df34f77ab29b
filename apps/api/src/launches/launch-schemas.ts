/**
 * JSON schemas of what the launch calls answer, registered once (`$ref: 'Launch#'`), for the OpenAPI
 * document and the response serialiser (which drops what a schema does not name, so every field of the
 * core types is here).
 */
import { LAUNCH_ACTOR_LABELS, LAUNCH_SLOT_STATE_LABELS, LAUNCH_STATUSES } from '@marina/core/domain/launches.ts';
import { nextSchema } from '../http/pagination.ts';

const offsetTime = { type: 'string', format: 'date-time', description: "ISO 8601 with the marina's offset" } as const;
const status = { type: 'string', enum: [...LAUNCH_STATUSES] } as const;

const historyEntry = {
  type: 'object',
  properties: {
    at: offsetTime,
    by: { type: 'string', enum: Object.keys(LAUNCH_ACTOR_LABELS) },
    from: { anyOf: [status, { type: 'null' }] },
    to: status,
    slotStart: offsetTime,
    reason: { type: ['string', 'null'] },
    byName: {
      type: ['string', 'null'],
      description: "A customer's change by someone other than the reader: their name",
    },
  },
  required: ['at', 'by', 'from', 'to', 'slotStart', 'reason', 'byName'],
} as const;

const launchProperties = {
  id: { type: 'string', format: 'uuid' },
  boatId: { type: 'string', format: 'uuid' },
  boatName: { type: 'string' },
  status,
  slotStart: offsetTime,
  slotEnd: offsetTime,
  expectedReturn: offsetTime,
  people: { type: 'integer' },
  notes: { type: 'string' },
  waitlistPosition: { type: ['integer', 'null'], description: '1 is next; null unless waitlisted' },
  changeableUntil: {
    ...offsetTime,
    description: 'After it (changeCutoffMinutes before the slot) the customer calls the marina',
  },
  cancellationReason: { type: ['string', 'null'] },
  createdAt: offsetTime,
  actions: {
    type: 'object',
    properties: {
      reschedule: { type: 'boolean' },
      cancel: { type: 'boolean' },
      readyToStow: { type: 'boolean' },
      calendar: { type: 'boolean' },
    },
    required: ['reschedule', 'cancel', 'readyToStow', 'calendar'],
  },
  history: { type: 'array', items: historyEntry, description: 'Every change, oldest first' },
  bookedBy: {
    description:
      "Null when the reader asked for it; else who did (a person the reader authorised on the reader's boat: decision 033)",
    anyOf: [
      {
        type: 'object',
        properties: { name: { type: 'string' }, role: { type: 'string', enum: ['authorised'] } },
        required: ['name', 'role'],
      },
      { type: 'null' },
    ],
  },
} as const;

export const launchSchemaJson = {
  $id: 'Launch',
  type: 'object',
  properties: launchProperties,
  required: Object.keys(launchProperties),
} as const;

export const launchListSchema = {
  $id: 'LaunchList',
  type: 'object',
  properties: {
    upcoming: {
      type: 'array',
      items: { $ref: 'Launch#' },
      description: 'Still in course, soonest first: all of them on the first page, none on the following',
    },
    past: {
      type: 'array',
      items: { $ref: 'Launch#' },
      description: 'Completed or cancelled, latest first: one page of them',
    },
    next: nextSchema,
  },
  required: ['upcoming', 'past', 'next'],
} as const;

const slotProperties = {
  start: offsetTime,
  end: offsetTime,
  capacity: { type: 'integer' },
  free: { type: 'integer' },
  waiting: { type: 'integer' },
  state: { type: 'string', enum: Object.keys(LAUNCH_SLOT_STATE_LABELS) },
  closedReason: { type: ['string', 'null'] },
} as const;

export const launchSlotDaySchema = {
  $id: 'LaunchSlotDay',
  type: 'object',
  properties: {
    date: { type: 'string', format: 'date' },
    timeZone: { type: 'string' },
    hours: {
      anyOf: [
        {
          type: 'object',
          properties: { open: { type: 'string' }, close: { type: 'string' } },
          required: ['open', 'close'],
        },
        { type: 'null' },
      ],
    },
    eligibility: {
      type: 'object',
      properties: { eligible: { type: 'boolean' }, reasons: { type: 'array', items: { $ref: 'EligibilityReason#' } } },
      required: ['eligible', 'reasons'],
    },
    slots: {
      type: 'array',
      items: { type: 'object', properties: slotProperties, required: Object.keys(slotProperties) },
    },
  },
  required: ['date', 'timeZone', 'hours', 'eligibility', 'slots'],
} as const;

const staffLaunchProperties = {
  ...launchProperties,
  owner: {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' },
      firstName: { type: 'string' },
      surnames: { type: 'string' },
      phone: { type: 'string' },
    },
    required: ['id', 'firstName', 'surnames', 'phone'],
  },
  boatRegistration: { type: 'string' },
  rackPosition: { type: ['string', 'null'] },
} as const;

export const staffLaunchSchema = {
  $id: 'StaffLaunch',
  type: 'object',
  properties: staffLaunchProperties,
  required: Object.keys(staffLaunchProperties),
} as const;

export const staffLaunchDaySchema = {
  $id: 'StaffLaunchDay',
  type: 'object',
  properties: {
    date: { type: 'string', format: 'date' },
    timeZone: { type: 'string' },
    slots: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...slotProperties, launches: { type: 'array', items: { $ref: 'StaffLaunch#' } } },
        required: [...Object.keys(slotProperties), 'launches'],
      },
    },
  },
  required: ['date', 'timeZone', 'slots'],
} as const;

export const closureSchemaJson = {
  $id: 'Closure',
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    start: offsetTime,
    end: offsetTime,
    reason: { type: 'string' },
    createdAt: offsetTime,
    cancelledLaunches: { type: 'integer', description: 'Launches and waiting entries it cancelled' },
  },
  required: ['id', 'start', 'end', 'reason', 'createdAt', 'cancelledLaunches'],
} as const;

export const launchSchemas = [
  launchSchemaJson,
  launchListSchema,
  launchSlotDaySchema,
  staffLaunchSchema,
  staffLaunchDaySchema,
  closureSchemaJson,
];
