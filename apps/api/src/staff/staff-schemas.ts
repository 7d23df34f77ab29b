/** JSON schemas of what only the staff calls answer, registered once (`$ref: 'StaffCustomer#'`). */
import { DEFAULT_CLIENT_SETTINGS } from '@marina/core/domain/marina.ts';
import { accountProperties, accountRequired } from '../accounts/account-summary.ts';
import { licenceSchema } from '../boats/boat-schemas.ts';

const personRef = {
  anyOf: [
    {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        firstName: { type: 'string' },
        surnames: { type: 'string' },
      },
      required: ['id', 'firstName', 'surnames'],
    },
    { type: 'null' },
  ],
} as const;

export const staffCustomerSchema = {
  $id: 'StaffCustomer',
  type: 'object',
  properties: {
    ...accountProperties,
    reasons: {
      type: 'array',
      items: { $ref: 'EligibilityReason#' },
      description: 'What keeps the person from using any boat today',
    },
    documentExpiresOn: { type: ['string', 'null'], format: 'date' },
    licence: licenceSchema,
    boatIds: { type: 'array', items: { type: 'string', format: 'uuid' } },
  },
  required: [...accountRequired, 'reasons', 'documentExpiresOn', 'licence', 'boatIds'],
  examples: [
    {
      id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
      firstName: 'Lucía',
      surnames: 'García Pons',
      email: 'lucia@correo.example',
      phone: '+34612345678',
      document: '12345678Z',
      status: 'active',
      dataValidatedAt: '2026-03-02T10:00:00.000Z',
      dataValidationDue: false,
      reasons: [],
      documentExpiresOn: '2030-04-01',
      licence: { type: 'per', number: 'PER-55123', expiresOn: '2031-02-15' },
      boatIds: ['a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d'],
    },
  ],
} as const;

export const staffSettingsSchema = {
  $id: 'StaffSettings',
  type: 'object',
  properties: {
    settings: { $ref: 'ClientSettings#' },
    changes: {
      type: 'array',
      description: 'The latest changes made by staff, newest first',
      items: {
        type: 'object',
        properties: {
          setting: { type: 'string', enum: Object.keys(DEFAULT_CLIENT_SETTINGS) },
          oldValue: { type: ['number', 'boolean'] },
          newValue: { type: ['number', 'boolean'] },
          changedAt: { type: 'string', format: 'date-time' },
          changedBy: personRef,
        },
        required: ['setting', 'oldValue', 'newValue', 'changedAt', 'changedBy'],
      },
    },
  },
  required: ['settings', 'changes'],
  examples: [
    {
      settings: { ...DEFAULT_CLIENT_SETTINGS, slotCapacity: 6 },
      changes: [
        {
          setting: 'slotCapacity',
          oldValue: 4,
          newValue: 6,
          changedAt: '2026-11-23T18:00:00.000Z',
          changedBy: { id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', firstName: 'Personal', surnames: 'Marina' },
        },
      ],
    },
  ],
} as const;

export const staffSchemas = [staffCustomerSchema, staffSettingsSchema];
