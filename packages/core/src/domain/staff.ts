/**
 * What the marina's staff calls (`/api/v1/staff/`, docs/product.md §1) send: the back office itself is
 * outside this product, its calls are not. A staff member sees their own marina only.
 */
import type { AccountStatus } from './accounts.ts';
import type { Boat, Contract } from './boats.ts';
import type { Licence } from './data-validation.ts';
import type { EligibilityReason } from './eligibility.ts';
import type { ClientSettings } from './marina.ts';

/** Who a record belongs to, as staff lists show it. */
export interface StaffOwner {
  id: string;
  firstName: string;
  surnames: string;
}

/** `GET /staff/customers/{id}` (and each item of the list). */
export interface StaffCustomer {
  id: string;
  firstName: string;
  surnames: string;
  email: string;
  phone: string;
  document: string;
  status: AccountStatus;
  dataValidatedAt: string | null;
  dataValidationDue: boolean;
  /** What keeps the person from using any boat today (suspension, data validation, documents). */
  reasons: EligibilityReason[];
  documentExpiresOn: string | null;
  licence: Licence | null;
  boatIds: string[];
}

export interface StaffCustomerList {
  customers: StaffCustomer[];
  /** The cursor of the next page, null on the last (decision 042). */
  next: string | null;
}

/** A boat as staff see it: the owner's view, plus who owns it. */
export interface StaffBoat extends Boat {
  owner: StaffOwner;
}

export interface StaffBoatList {
  boats: StaffBoat[];
  /** The cursor of the next page, null on the last (decision 042). */
  next: string | null;
}

/** A contract with what staff need to decide on it. */
export interface StaffContract extends Contract {
  boat: { id: string; name: string; registration: string; lengthM: number; beamM: number };
  owner: StaffOwner;
}

export interface StaffContractList {
  contracts: StaffContract[];
  /** The cursor of the next page, null on the last (decision 042). */
  next: string | null;
}

/** One recorded change of a setting. */
export interface SettingChange {
  setting: keyof ClientSettings;
  oldValue: number | boolean;
  newValue: number | boolean;
  changedAt: string;
  /** The staff member, or null once their account is gone. */
  changedBy: StaffOwner | null;
}

/** `GET /staff/settings`, and the answer of `PATCH /staff/settings`. */
export interface StaffSettings {
  /** Every setting as the marina applies it now (what `GET /client` serves). */
  settings: ClientSettings;
  /** The latest changes made by staff, newest first. */
  changes: SettingChange[];
}
