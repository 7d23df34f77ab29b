/**
 * What the marina's staff calls (`/api/v1/staff/`, docs/product.md §1) send: the back office itself is
 * outside this product, its calls are not. A staff member sees their own marina only.
 */
import { accountProperties } from './accounts.ts';
import { BOAT_EXAMPLE, boatProperties, CONTRACT_EXAMPLE, contractProperties } from './boats.ts';
import { licenceOnFileResponse } from './data-validation.ts';
import type { eligibilityReasonResponse } from './eligibility.ts';
import { DEFAULT_CLIENT_SETTINGS, type ClientSettings } from './marina.ts';
import {
  CalendarDay,
  Instant,
  Nullable,
  OrNull,
  Ref,
  StringEnum,
  Shared,
  Type,
  Uuid,
  type Static,
} from './response-schema.ts';

/** Who a record belongs to, as staff lists show it. */
export const staffOwnerResponse = Type.Object({ id: Uuid(), firstName: Type.String(), surnames: Type.String() });
export type StaffOwner = Static<typeof staffOwnerResponse>;

const OWNER_EXAMPLE = { id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9', firstName: 'Lucía', surnames: 'García Pons' };

/** `GET /staff/customers/{id}` (and each item of the list). */
export const staffCustomerResponse = Shared(
  Type.Object(
    {
      ...accountProperties,
      /** What keeps the person from using any boat today (suspension, data validation, documents). */
      reasons: Type.Array(Ref<typeof eligibilityReasonResponse>('EligibilityReason'), {
        description: 'What keeps the person from using any boat today',
      }),
      documentExpiresOn: Nullable(CalendarDay()),
      licence: licenceOnFileResponse,
      boatIds: Type.Array(Uuid()),
    },
    {
      $id: 'StaffCustomer',
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
    },
  ),
);
export type StaffCustomer = Static<typeof staffCustomerResponse>;

export interface StaffCustomerList {
  customers: StaffCustomer[];
  /** The cursor of the next page, null on the last (decision 042). */
  next: string | null;
}

/** A boat as staff see it: the owner's view, plus who owns it. */
export const staffBoatResponse = Shared(
  Type.Object(
    { ...boatProperties, owner: staffOwnerResponse },
    { $id: 'StaffBoat', examples: [{ ...BOAT_EXAMPLE, owner: OWNER_EXAMPLE }] },
  ),
);
export type StaffBoat = Static<typeof staffBoatResponse>;

export interface StaffBoatList {
  boats: StaffBoat[];
  /** The cursor of the next page, null on the last (decision 042). */
  next: string | null;
}

/** A contract with what staff need to decide on it. */
export const staffContractResponse = Shared(
  Type.Object(
    {
      ...contractProperties,
      boat: Type.Object({
        id: Uuid(),
        name: Type.String(),
        registration: Type.String(),
        lengthM: Type.Number(),
        beamM: Type.Number(),
      }),
      owner: staffOwnerResponse,
    },
    {
      $id: 'StaffContract',
      examples: [
        {
          ...CONTRACT_EXAMPLE,
          boat: { id: BOAT_EXAMPLE.id, name: 'Brisa', registration: '7ª-BA-1-23-19', lengthM: 6.1, beamM: 2.4 },
          owner: OWNER_EXAMPLE,
        },
      ],
    },
  ),
);
export type StaffContract = Static<typeof staffContractResponse>;

export interface StaffContractList {
  contracts: StaffContract[];
  /** The cursor of the next page, null on the last (decision 042). */
  next: string | null;
}

const settingValue = Type.Unsafe<number | boolean>({ type: ['number', 'boolean'] });

/** One recorded change of a setting. */
export const settingChangeResponse = Type.Object({
  setting: StringEnum(Object.keys(DEFAULT_CLIENT_SETTINGS) as Array<keyof ClientSettings>),
  oldValue: settingValue,
  newValue: settingValue,
  changedAt: Instant(),
  /** The staff member, or null once their account is gone. */
  changedBy: OrNull(staffOwnerResponse),
});
export type SettingChange = Static<typeof settingChangeResponse>;

/** `GET /staff/settings`, and the answer of `PATCH /staff/settings`. */
export const staffSettingsResponse = Shared(
  Type.Object(
    {
      /** Every setting as the marina applies it now (what `GET /client` serves). */
      settings: Type.Unsafe<ClientSettings>({ $ref: 'ClientSettings#' }),
      /** The latest changes made by staff, newest first. */
      changes: Type.Array(settingChangeResponse, { description: 'The latest changes made by staff, newest first' }),
    },
    {
      $id: 'StaffSettings',
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
    },
  ),
);
export type StaffSettings = Static<typeof staffSettingsResponse>;
