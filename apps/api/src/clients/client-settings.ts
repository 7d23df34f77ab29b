/**
 * Per-client rules (DESIGN §4). The server keeps them per client and the app reads them from
 * `GET /api/v1/client`, so a marina can differ without a new build.
 */
export interface ClientSettings {
  /** Launches per 30-minute slot. */
  slotCapacity: number;
  minLeadMinutes: number;
  maxAdvanceDays: number;
  maxOpenPerAccount: number;
  /** A customer may cancel or move a launch until this many minutes before its slot. */
  changeCutoffMinutes: number;
  maxAuthorisedPerBoat: number;
  dataValidationDays: number;
  maxLengthM: number;
  maxBeamM: number;
  /** Launch requests wait as `pending` for staff approval. */
  manualApproval: boolean;
}

export const DEFAULT_CLIENT_SETTINGS: Readonly<ClientSettings> = Object.freeze({
  slotCapacity: 4,
  minLeadMinutes: 120,
  maxAdvanceDays: 30,
  maxOpenPerAccount: 4,
  changeCutoffMinutes: 60,
  maxAuthorisedPerBoat: 5,
  dataValidationDays: 365,
  maxLengthM: 12,
  maxBeamM: 4,
  manualApproval: false,
});

export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

/** Stored settings over the defaults, so a setting added later reads its default until a client overrides it. */
export function withDefaultSettings(stored: Partial<ClientSettings> | null | undefined): ClientSettings {
  return { ...DEFAULT_CLIENT_SETTINGS, ...stored };
}

/** JSON schema of the settings, for responses and the OpenAPI document. */
export const clientSettingsSchema = {
  $id: 'ClientSettings',
  type: 'object',
  properties: {
    slotCapacity: { type: 'integer', minimum: 1 },
    minLeadMinutes: { type: 'integer', minimum: 0 },
    maxAdvanceDays: { type: 'integer', minimum: 1 },
    maxOpenPerAccount: { type: 'integer', minimum: 1 },
    changeCutoffMinutes: { type: 'integer', minimum: 0 },
    maxAuthorisedPerBoat: { type: 'integer', minimum: 0 },
    dataValidationDays: { type: 'integer', minimum: 1 },
    maxLengthM: { type: 'number', exclusiveMinimum: 0 },
    maxBeamM: { type: 'number', exclusiveMinimum: 0 },
    manualApproval: { type: 'boolean' },
  },
  required: Object.keys(DEFAULT_CLIENT_SETTINGS),
  additionalProperties: false,
} as const;
