/**
 * JSON schemas of what the boats, contracts and data validation calls answer, registered once
 * (`$ref: 'Boat#'`), for the OpenAPI document and the response serialiser (which drops what a schema does
 * not name, so every field of the core types is here).
 */
import { paths } from '@marina/core/domain/app-paths.ts';
import { BOAT_STATES, CERTIFICATE_TYPES, CONTRACT_PLANS, CONTRACT_STATUSES } from '@marina/core/domain/boats.ts';
import { LICENCE_TYPES } from '@marina/core/domain/data-validation.ts';
import { personOnFileProperties } from '../accounts/account-summary.ts';

const date = { type: 'string', format: 'date' } as const;
const nullableDate = { type: ['string', 'null'], format: 'date' } as const;
const instant = { type: 'string', format: 'date-time' } as const;
const nullable = (ref: string) => ({ anyOf: [{ $ref: ref }, { type: 'null' }] });

export const eligibilityReasonSchema = {
  $id: 'EligibilityReason',
  type: 'object',
  description: 'Why something may not be used today (the one rule of @marina/core/domain/eligibility.ts)',
  properties: {
    code: { type: 'string', examples: ['insurance_expired'] },
    text: { type: 'string', description: 'Short Spanish text for a badge' },
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
  },
  required: ['code', 'text', 'fix'],
} as const;

export const contractSchema = {
  $id: 'Contract',
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    boatId: { type: 'string', format: 'uuid' },
    plan: { type: 'string', enum: [...CONTRACT_PLANS] },
    status: { type: 'string', enum: [...CONTRACT_STATUSES] },
    startsOn: date,
    endsOn: { ...date, description: 'Last day included: contractEndsOn(plan, startsOn)' },
    requestedAt: instant,
    decidedAt: { type: ['string', 'null'], format: 'date-time' },
    rejectionReason: { type: ['string', 'null'] },
  },
  required: ['id', 'boatId', 'plan', 'status', 'startsOn', 'endsOn', 'requestedAt', 'decidedAt', 'rejectionReason'],
  examples: [
    {
      id: '3f0c2a4e-8a51-4b8e-9d7c-1f6a2b3c4d5e',
      boatId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      plan: 'annual',
      status: 'requested',
      startsOn: '2026-12-01',
      endsOn: '2027-11-30',
      requestedAt: '2026-11-23T18:00:00.000Z',
      decidedAt: null,
      rejectionReason: null,
    },
  ],
} as const;

export const insuranceSchemaJson = {
  $id: 'Insurance',
  type: 'object',
  properties: {
    insurer: { type: 'string' },
    policyNumber: { type: 'string' },
    expiresOn: { ...date, description: "Last day covered, the marina's calendar" },
    certificate: {
      anyOf: [
        {
          type: 'object',
          properties: {
            contentType: { type: 'string', enum: [...CERTIFICATE_TYPES] },
            size: { type: 'integer' },
            uploadedAt: instant,
          },
          required: ['contentType', 'size', 'uploadedAt'],
        },
        { type: 'null' },
      ],
    },
  },
  required: ['insurer', 'policyNumber', 'expiresOn', 'certificate'],
} as const;

const boatProperties = {
  id: { type: 'string', format: 'uuid' },
  name: { type: 'string' },
  registration: { type: 'string' },
  make: { type: 'string' },
  model: { type: 'string' },
  lengthM: { type: 'number' },
  beamM: { type: 'number' },
  engine: { type: 'string' },
  state: { type: 'string', enum: [...BOAT_STATES] },
  rackPosition: { type: ['string', 'null'] },
  insurance: nullable('Insurance#'),
  contract: {
    ...nullable('Contract#'),
    description: 'The active contract, else the open request, else the latest that ended',
  },
  eligibility: {
    type: 'object',
    description: 'May it be used today, and if not why',
    properties: { eligible: { type: 'boolean' }, reasons: { type: 'array', items: { $ref: 'EligibilityReason#' } } },
    required: ['eligible', 'reasons'],
  },
  role: {
    type: 'string',
    enum: ['owner', 'authorised'],
    description: "`authorised`: someone else's boat the person may use (docs/product.md §4.8)",
  },
  authorisation: {
    anyOf: [{ $ref: 'BoatAuthorisation#' }, { type: 'null' }],
    description: 'When `role` is `authorised`: the authorisation; else null',
  },
} as const;
const boatRequired = Object.keys(boatProperties);

export const BOAT_EXAMPLE = {
  id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Brisa',
  registration: '7ª-BA-1-23-19',
  make: 'Quicksilver',
  model: 'Activ 605',
  lengthM: 6.1,
  beamM: 2.4,
  engine: 'Mercury 115 CV',
  state: 'in_rack',
  rackPosition: 'B-12',
  insurance: {
    insurer: 'Mapfre',
    policyNumber: 'POL-1234',
    expiresOn: '2027-05-31',
    certificate: { contentType: 'application/pdf', size: 48213, uploadedAt: '2026-06-01T09:30:00.000Z' },
  },
  contract: { ...contractSchema.examples[0], status: 'active', decidedAt: '2026-11-24T08:00:00.000Z' },
  eligibility: { eligible: true, reasons: [] },
  role: 'owner',
  authorisation: null,
};

export const boatSchemaJson = {
  $id: 'Boat',
  type: 'object',
  properties: boatProperties,
  required: boatRequired,
  examples: [BOAT_EXAMPLE],
} as const;

const ownerSchema = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' }, firstName: { type: 'string' }, surnames: { type: 'string' } },
  required: ['id', 'firstName', 'surnames'],
} as const;
const OWNER_EXAMPLE = { id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9', firstName: 'Lucía', surnames: 'García Pons' };

export const staffBoatSchema = {
  $id: 'StaffBoat',
  type: 'object',
  properties: { ...boatProperties, owner: ownerSchema },
  required: [...boatRequired, 'owner'],
  examples: [{ ...BOAT_EXAMPLE, owner: OWNER_EXAMPLE }],
} as const;

export const staffContractSchema = {
  $id: 'StaffContract',
  type: 'object',
  properties: {
    ...contractSchema.properties,
    boat: {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string' },
        registration: { type: 'string' },
        lengthM: { type: 'number' },
        beamM: { type: 'number' },
      },
      required: ['id', 'name', 'registration', 'lengthM', 'beamM'],
    },
    owner: ownerSchema,
  },
  required: [...contractSchema.required, 'boat', 'owner'],
  examples: [
    {
      ...contractSchema.examples[0],
      boat: { id: BOAT_EXAMPLE.id, name: 'Brisa', registration: '7ª-BA-1-23-19', lengthM: 6.1, beamM: 2.4 },
      owner: OWNER_EXAMPLE,
    },
  ],
} as const;

/** A licence on file, or null (`licenceOnFile` of accounts/account-summary.ts). */
export const licenceSchema = {
  anyOf: [
    {
      type: 'object',
      properties: { type: { type: 'string', enum: [...LICENCE_TYPES] }, number: { type: 'string' }, expiresOn: date },
      required: ['type', 'number', 'expiresOn'],
    },
    { type: 'null' },
  ],
} as const;

export const dataValidationStatusSchema = {
  $id: 'DataValidationStatus',
  type: 'object',
  properties: {
    due: { type: 'boolean' },
    reasons: { type: 'array', items: { $ref: 'EligibilityReason#' }, description: 'Why it is due; empty when not' },
    validatedAt: { type: ['string', 'null'], format: 'date-time' },
    nextDueOn: { ...nullableDate, description: 'The day it falls due again' },
    data: {
      type: 'object',
      properties: {
        ...personOnFileProperties,
        documentExpiresOn: nullableDate,
        licence: licenceSchema,
        boats: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string', format: 'uuid' },
              name: { type: 'string' },
              registration: { type: 'string' },
              insurance: nullable('Insurance#'),
            },
            required: ['id', 'name', 'registration', 'insurance'],
          },
        },
      },
      required: ['firstName', 'surnames', 'email', 'phone', 'document', 'documentExpiresOn', 'licence', 'boats'],
    },
  },
  required: ['due', 'reasons', 'validatedAt', 'nextDueOn', 'data'],
  examples: [
    {
      due: true,
      reasons: [
        {
          code: 'data_validation_due',
          text: 'Datos pendientes de validar',
          fix: { label: 'Validar mis datos', to: paths.validarDatos },
        },
      ],
      validatedAt: '2025-11-20T10:00:00.000Z',
      nextDueOn: '2026-11-20',
      data: {
        firstName: 'Lucía',
        surnames: 'García Pons',
        email: 'lucia@correo.example',
        phone: '+34612345678',
        document: '12345678Z',
        documentExpiresOn: '2030-04-01',
        licence: { type: 'per', number: 'PER-55123', expiresOn: '2031-02-15' },
        boats: [
          { id: BOAT_EXAMPLE.id, name: 'Brisa', registration: '7ª-BA-1-23-19', insurance: BOAT_EXAMPLE.insurance },
        ],
      },
    },
  ],
} as const;

/** Every shared schema of this module, for `app.addSchema` (references first). */
export const boatSchemas = [
  eligibilityReasonSchema,
  contractSchema,
  insuranceSchemaJson,
  boatSchemaJson,
  staffBoatSchema,
  staffContractSchema,
  dataValidationStatusSchema,
];

/** `{ <key>: [items] }` answers, documented with one example item. */
export function listOf(key: string, ref: string, description: string) {
  return {
    description,
    type: 'object',
    properties: { [key]: { type: 'array', items: { $ref: ref } } },
    required: [key],
  } as const;
}
