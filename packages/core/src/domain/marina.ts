/**
 * What the platform knows about a marina, and the rules each fact must meet. A marina's folder declares it
 * (`apps/client-<id>/client.config.ts`, checked at build); the server seeds it from there, checks it with
 * the same schemas and serves it at `GET /api/v1/client` as `Marina`.
 */
import * as yup from 'yup';
import { SMS_COUNTRIES } from './contact.ts';
import { openingHoursSchema, openingSeasonResponse, type OpeningSeason } from './opening-hours.ts';
import { Ref, Shared, Type, type Static } from './response-schema.ts';

/** Per-marina rules (docs/product.md §4.1). A marina declares only those that differ from DEFAULT_CLIENT_SETTINGS. */
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
  /** An outing's expected return may fall after closing or on a later day (docs/product.md §4.9). */
  allowOvernight: boolean;
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
  allowOvernight: false,
});

/**
 * What a setting may be. Every number has a range, both ends included: without an upper end a value such as
 * 2147483648 passed the check and then broke the bookings or the card that read it (docs/product.md §4.1,
 * decision 040).
 */
export type SettingRule = { type: 'integer' | 'number'; minimum: number; maximum: number } | { type: 'boolean' };

/**
 * The one statement of what each setting may be: the folder check, the server's seed check, staff's changes
 * and the API's JSON schema are all made from it. The ranges are what a marina could mean, not what the code
 * could survive: a slot of 50 launches or a booking two days ahead at the latest is a real marina; a year's
 * notice is not.
 */
export const CLIENT_SETTING_RULES: Readonly<Record<keyof ClientSettings, SettingRule>> = Object.freeze({
  slotCapacity: { type: 'integer', minimum: 1, maximum: 50 },
  minLeadMinutes: { type: 'integer', minimum: 0, maximum: 2880 },
  maxAdvanceDays: { type: 'integer', minimum: 1, maximum: 365 },
  maxOpenPerAccount: { type: 'integer', minimum: 1, maximum: 50 },
  changeCutoffMinutes: { type: 'integer', minimum: 0, maximum: 2880 },
  maxAuthorisedPerBoat: { type: 'integer', minimum: 0, maximum: 20 },
  dataValidationDays: { type: 'integer', minimum: 1, maximum: 1095 },
  maxLengthM: { type: 'number', minimum: 1, maximum: 30 },
  maxBeamM: { type: 'number', minimum: 1, maximum: 10 },
  manualApproval: { type: 'boolean' },
  allowOvernight: { type: 'boolean' },
});

/** The settings as `GET /api/v1/client` sends them, every one filled in: its JSON schema made from the rules. */
export const clientSettingsResponse = Shared(
  Type.Unsafe<ClientSettings>({
    $id: 'ClientSettings',
    type: 'object',
    properties: Object.fromEntries(Object.entries(CLIENT_SETTING_RULES).map(([key, rule]) => [key, { ...rule }])),
    required: Object.keys(DEFAULT_CLIENT_SETTINGS),
    additionalProperties: false,
  }),
);

function settingSchema(rule: SettingRule) {
  if (rule.type === 'boolean') return yup.boolean();
  let schema = yup.number().min(rule.minimum).max(rule.maximum);
  if (rule.type === 'integer') schema = schema.integer('${path} must be a whole number');
  return schema;
}

/** A marina's overrides: known settings only, each by its rule. */
export const clientSettingsOverridesSchema = yup
  .object(
    Object.fromEntries(Object.entries(CLIENT_SETTING_RULES).map(([key, rule]) => [key, settingSchema(rule)])) as Record<
      keyof ClientSettings,
      yup.NumberSchema<number | undefined> | yup.BooleanSchema<boolean | undefined>
    >,
  )
  .noUnknown(true, '${path} has unknown setting(s): ${unknown}');

/**
 * The overrides that meet their rule, the others left out: a value staff stored before its setting had a
 * range (or before the range narrowed) must not keep breaking the marina, so it yields to the folder's or the
 * platform's until staff set it again.
 */
export function settingsWithinRules(overrides: Partial<ClientSettings> | null | undefined): Partial<ClientSettings> {
  return Object.fromEntries(
    Object.entries(overrides ?? {}).filter(([key, value]) => {
      if (!(key in CLIENT_SETTING_RULES)) return false;
      try {
        clientSettingsOverridesSchema.validateSync({ [key]: value }, { strict: true });
        return true;
      } catch {
        return false;
      }
    }),
  ) as Partial<ClientSettings>;
}

/** Overrides over the defaults, so a setting added later reads its default until a marina overrides it. */
export function withDefaultSettings(overrides: Partial<ClientSettings> | null | undefined): ClientSettings {
  return { ...DEFAULT_CLIENT_SETTINGS, ...overrides };
}

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The rule of each declared fact, shared by the folder check (under its folder names) and the seed check. */
export const marinaRules = {
  id: yup.number().integer().positive().required(),
  app: yup
    .string()
    .matches(/^[A-Za-z0-9]{2,12}$/, '${path} must be 2 to 12 letters or digits')
    .required(),
  title: yup.string().trim().min(2).max(60).required(),
  timeZone: yup
    .string()
    .required()
    .test(
      'time-zone',
      '${path} must be an IANA time zone such as Atlantic/Canary',
      (value) => value === undefined || isTimeZone(value),
    ),
  openingHours: openingHoursSchema,
  settings: clientSettingsOverridesSchema,
  sendsSms: yup.boolean().required(),
  smsCountries: yup
    .array(
      yup
        .string()
        .required()
        .oneOf(Object.keys(SMS_COUNTRIES), `\${path} must be one of ${Object.keys(SMS_COUNTRIES).join(', ')}`),
    )
    .min(1, '${path} must name at least one country'),
  contactEmail: yup.string().email('${path} must be an e-mail address').nullable(),
};

/** A marina as its folder declares it: what the server seeds. */
export interface MarinaDeclaration {
  /** The marina's clientId. */
  id: number;
  /** Short code (`clientApp`). */
  app: string;
  /** Name (`clientTitulo`). */
  title: string;
  /** IANA zone of every time of this marina. */
  timeZone: string;
  openingHours: OpeningSeason[];
  /** Only the settings that differ from DEFAULT_CLIENT_SETTINGS. */
  settings: Partial<ClientSettings>;
  /** Codes go to the customer's mobile by SMS; otherwise by e-mail. */
  sendsSms: boolean;
  /**
   * The countries whose numbers the marina sends SMS to (ISO codes of SMS_COUNTRIES, docs/product.md §7.6):
   * a number of another country is refused where it is typed (422). DEFAULT_SMS_COUNTRIES (Spain) when the
   * folder does not say. Not part of `GET /api/v1/client`.
   */
  smsCountries?: string[];
  /**
   * The marina's own e-mail (its folder's `contact.email`): where the platform alerts the marina, such as an
   * overdue outing (docs/product.md §4.9). Not part of `GET /api/v1/client` (the app has it in its folder).
   */
  contactEmail?: string | null;
}

/** A list of declarations, each by the rules and no clientId twice. */
export const marinaDeclarationsSchema = yup
  .array(yup.object(marinaRules).noUnknown(true, '${path} has unknown field(s): ${unknown}').required())
  .required()
  .test('unique-ids', (list, context) => {
    const ids = (list ?? []).map((marina) => marina?.id);
    const twice = [...new Set(ids.filter((id, index) => id !== undefined && ids.indexOf(id) !== index))];
    return twice.length === 0 || context.createError({ message: `clientId ${twice.join(', ')} declared twice` });
  });

/**
 * A marina as the app reads it (`GET /api/v1/client`): its declaration with every setting filled in, without
 * its SMS countries and contact e-mail, which stay on the server.
 */
export const marinaResponse = Shared(
  Type.Object(
    {
      /** The marina's clientId. */
      id: Type.Integer(),
      /** Short code (`clientApp`). */
      app: Type.String(),
      /** Name (`clientTitulo`). */
      title: Type.String(),
      timeZone: Type.String({ description: 'IANA time zone of every time of this marina' }),
      openingHours: Type.Array(openingSeasonResponse, {
        description: "Opening hours by season, in the marina's time zone: every day of the year in exactly one",
      }),
      settings: Ref<typeof clientSettingsResponse>('ClientSettings'),
      sendsSms: Type.Boolean({ description: 'Codes go by SMS to the mobile (true) or by e-mail (false)' }),
    },
    { $id: 'Marina' },
  ),
);
export type Marina = Static<typeof marinaResponse>;
