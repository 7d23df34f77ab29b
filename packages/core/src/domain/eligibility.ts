/**
 * The one rule every feature asks (docs/product.md §4.13): may this customer use this boat today, and if
 * not, why? The server refuses with it (launches, outings, the card's verdict) and the app explains with
 * it; a later feature adds its reasons here, never a second copy. Days are the marina's calendar days.
 */
import type { AccountStatus } from './accounts.ts';
import { href, paths } from './app-paths.ts';
import type { AuthorisationState } from './authorisations.ts';
import type { BoatState, ContractStatus } from './boat-states.ts';
import { addDays, daysBetween, todayIn } from './calendar.ts';
import { localDateIn } from './opening-hours.ts';
import { OrNull, Ref, Shared, Type, type SchemaOptions, type Static } from './response-schema.ts';

export type IneligibilityCode =
  | 'account_suspended'
  | 'data_validation_due'
  | 'identity_document_expired'
  | 'licence_expired'
  | 'no_active_contract'
  | 'contract_requested'
  | 'contract_not_started'
  | 'contract_expired'
  | 'insurance_missing'
  | 'insurance_expired'
  | 'boat_in_maintenance'
  // Launches (docs/product.md §4.7): only a boat in the rack can be put in the water.
  | 'boat_in_water'
  // Authorised persons (docs/product.md §4.8): the authorisation itself, and the owner behind it.
  | 'authorisation_suspended'
  | 'outside_authorised_period'
  | 'authorised_licence_expired'
  | 'owner_not_eligible';

/**
 * How a reason weighs for the person: `waiting` on the marina or on a date, nothing of theirs is wrong (a contract
 * waiting for approval, a boat in maintenance, data to confirm); `blocking`, something ended or is missing and
 * needs fixing. Screens draw the first as pending, never as an error (docs/design/README.md).
 */
export type ReasonWeight = 'waiting' | 'blocking';

const WAITING: ReadonlySet<string> = new Set<IneligibilityCode>([
  'contract_requested',
  'contract_not_started',
  'data_validation_due',
  'boat_in_maintenance',
  'boat_in_water',
]);

export const reasonWeight = (code: string): ReasonWeight => (WAITING.has(code) ? 'waiting' : 'blocking');

/** Why something may not be used today (`$ref: 'EligibilityReason#'`). */
export const eligibilityReasonResponse = Shared(
  Type.Object(
    {
      code: Type.Unsafe<IneligibilityCode>(Type.String({ examples: ['insurance_expired'] })),
      /** Short, for a badge: "Seguro caducado". */
      text: Type.String({ description: 'Short Spanish text for a badge' }),
      /** What fixes it, when the customer can: a label and the app's address. */
      fix: OrNull(Type.Object({ label: Type.String(), to: Type.String({ description: "The app's path" }) })),
    },
    {
      $id: 'EligibilityReason',
      description: 'Why something may not be used today (the one rule of @marina/core/domain/eligibility.ts)',
    },
  ),
);
export type EligibilityReason = Static<typeof eligibilityReasonResponse>;

export type Eligibility = { eligible: true; reasons: [] } | { eligible: false; reasons: EligibilityReason[] };

/** The schema of an Eligibility: JSON Schema says a boolean and a list, the type also that eligible has none. */
export function eligibilityResponse(options: SchemaOptions = {}) {
  return Type.Unsafe<Eligibility>(
    Type.Object(
      { eligible: Type.Boolean(), reasons: Type.Array(Ref<typeof eligibilityReasonResponse>('EligibilityReason')) },
      options,
    ),
  );
}

/** What the rule reads of an account. */
export interface AccountFacts {
  status: AccountStatus;
  /** Instant (ISO) of the last confirmation on `validar-datos`; null if never. */
  dataValidatedAt: string | null;
  /** Last valid day of the identity document, when on file. */
  documentExpiresOn: string | null;
  /** Last valid day of the nautical licence, when on file. */
  licenceExpiresOn: string | null;
}

/** What the rule reads of a boat. */
export interface BoatFacts {
  id: string;
  state: BoatState;
  /** Last day the insurance covers; null when none is on file. */
  insuranceExpiresOn: string | null;
  /** The contract that governs it now (`Boat.contract`). */
  contract: { status: ContractStatus; startsOn: string; endsOn: string } | null;
}

/** What the rule reads of the authorisation that lets a person use someone else's boat. */
export interface AuthorisationFacts {
  state: AuthorisationState;
  validFrom: string;
  validTo: string | null;
  /** Last valid day of the licence recorded on the authorisation. */
  licenceExpiresOn: string;
}

export interface EligibilityContext {
  now: Date;
  timeZone: string;
  dataValidationDays: number;
}

// The app's screens the fixes point to.
const fixes = {
  validarDatos: { label: 'Validar mis datos', to: paths.validarDatos },
  ayuda: { label: 'Contactar con el puerto', to: paths.ayuda },
  contract: (boatId: string) => ({ label: 'Solicitar contrato', to: href.altaContrato(boatId) }),
  insurance: (boatId: string) => ({ label: 'Renovar el seguro', to: href.barco(boatId) }),
};

interface Rule<Facts> {
  code: IneligibilityCode;
  applies: (facts: Facts, today: string, context: EligibilityContext) => boolean;
  text: string;
  fix: (facts: Facts) => EligibilityReason['fix'];
}

const expired = (lastDay: string | null, today: string) => lastDay !== null && lastDay < today;

/** Due once `dataValidationDays` whole days have passed since the last confirmation (or there was none). */
export function validationElapsed(dataValidatedAt: string | null, today: string, context: EligibilityContext): boolean {
  if (dataValidatedAt === null) return true;
  return daysBetween(localDateIn(new Date(dataValidatedAt), context.timeZone), today) >= context.dataValidationDays;
}

const ACCOUNT_RULES: readonly Rule<AccountFacts>[] = [
  {
    code: 'account_suspended',
    applies: (account) => account.status === 'suspended',
    text: 'Cuenta suspendida',
    fix: () => fixes.ayuda,
  },
  {
    code: 'data_validation_due',
    applies: (account, today, context) => validationElapsed(account.dataValidatedAt, today, context),
    text: 'Datos pendientes de validar',
    fix: () => fixes.validarDatos,
  },
  {
    code: 'identity_document_expired',
    applies: (account, today) => expired(account.documentExpiresOn, today),
    text: 'Documento de identidad caducado',
    fix: () => fixes.validarDatos,
  },
  {
    code: 'licence_expired',
    applies: (account, today) => expired(account.licenceExpiresOn, today),
    text: 'Titulación náutica caducada',
    fix: () => fixes.validarDatos,
  },
];

const BOAT_RULES: readonly Rule<BoatFacts>[] = [
  {
    code: 'no_active_contract',
    applies: (boat) =>
      boat.contract === null || boat.contract.status === 'rejected' || boat.contract.status === 'cancelled',
    text: 'Sin contrato',
    fix: (boat) => fixes.contract(boat.id),
  },
  {
    code: 'contract_requested',
    applies: (boat) => boat.contract?.status === 'requested',
    text: 'Contrato pendiente de aprobación',
    fix: () => null,
  },
  {
    code: 'contract_not_started',
    applies: (boat, today) => boat.contract?.status === 'active' && boat.contract.startsOn > today,
    text: 'El contrato aún no ha empezado',
    fix: () => null,
  },
  {
    code: 'contract_expired',
    applies: (boat, today) =>
      boat.contract?.status === 'expired' ||
      (boat.contract?.status === 'active' && expired(boat.contract.endsOn, today)),
    text: 'Contrato caducado',
    fix: (boat) => fixes.contract(boat.id),
  },
  {
    code: 'insurance_missing',
    applies: (boat) => boat.insuranceExpiresOn === null,
    text: 'Sin seguro',
    fix: (boat) => fixes.insurance(boat.id),
  },
  {
    code: 'insurance_expired',
    applies: (boat, today) => expired(boat.insuranceExpiresOn, today),
    text: 'Seguro caducado',
    fix: (boat) => fixes.insurance(boat.id),
  },
  {
    code: 'boat_in_maintenance',
    applies: (boat) => boat.state === 'maintenance',
    text: 'Barco en mantenimiento',
    fix: () => null,
  },
];

/** What a launch asks on top of the boat's rules: the crew can only lower a boat that is in the rack. */
const LAUNCH_BOAT_RULES: readonly Rule<BoatFacts>[] = [
  {
    code: 'boat_in_water',
    applies: (boat) => boat.state === 'in_water',
    text: 'El barco ya está en el agua',
    fix: () => null,
  },
];

/**
 * An authorised person's own standing on the authorisation (docs/product.md §4.8). Nothing here can be
 * fixed by the person; the owner suspends, reactivates and reschedules.
 */
const AUTHORISATION_RULES: readonly Rule<AuthorisationFacts>[] = [
  {
    code: 'authorisation_suspended',
    applies: (authorisation) => authorisation.state === 'suspended',
    text: 'Autorización suspendida',
    fix: () => null,
  },
  {
    code: 'outside_authorised_period',
    applies: (authorisation, today) =>
      authorisation.state === 'expired' ||
      authorisation.state === 'ended' ||
      authorisation.validFrom > today ||
      expired(authorisation.validTo, today),
    text: 'Fuera del periodo autorizado',
    fix: () => null,
  },
  {
    code: 'authorised_licence_expired',
    applies: (authorisation, today) => expired(authorisation.licenceExpiresOn, today),
    text: 'Titulación náutica caducada',
    fix: () => null,
  },
];

/** The owner's own account reasons that also stop the people they authorised (not the owner's licence). */
const OWNER_BLOCKING: ReadonlySet<IneligibilityCode> = new Set<IneligibilityCode>([
  'account_suspended',
  'data_validation_due',
  'identity_document_expired',
]);

function reasons<Facts>(rules: readonly Rule<Facts>[], facts: Facts, context: EligibilityContext): EligibilityReason[] {
  const today = todayIn(context.timeZone, context.now);
  return rules
    .filter((rule) => rule.applies(facts, today, context))
    .map((rule) => ({ code: rule.code, text: rule.text, fix: rule.fix(facts) }));
}

function verdict(found: EligibilityReason[]): Eligibility {
  return found.length === 0 ? { eligible: true, reasons: [] } : { eligible: false, reasons: found };
}

/** What keeps the person from using any boat (the card turns red for these too). */
export function accountReasons(account: AccountFacts, context: EligibilityContext): EligibilityReason[] {
  return reasons(ACCOUNT_RULES, account, context);
}

/** What keeps this boat from being used, whoever asks. */
export function boatReasons(boat: BoatFacts, context: EligibilityContext): EligibilityReason[] {
  return reasons(BOAT_RULES, boat, context);
}

/** May this account use this boat at `context.now`? */
export function eligibility(account: AccountFacts, boat: BoatFacts, context: EligibilityContext): Eligibility {
  return verdict([...accountReasons(account, context), ...boatReasons(boat, context)]);
}

/**
 * May this account ask for this boat to be launched at `context.now`: the rule above plus the launch's own
 * reasons (asked at booking and again when staff confirm).
 */
export function launchEligibility(account: AccountFacts, boat: BoatFacts, context: EligibilityContext): Eligibility {
  return verdict([
    ...accountReasons(account, context),
    ...boatReasons(boat, context),
    ...reasons(LAUNCH_BOAT_RULES, boat, context),
  ]);
}

/**
 * May a person authorised on someone else's boat use it at `context.now`: their own account's reasons (not
 * their account's licence: the licence that counts is the one on the authorisation), the authorisation's,
 * the owner's standing (an owner who may not use the boat cannot lend it) and the boat's, whose fixes are
 * the owner's to make so the person gets none.
 */
export function authorisedEligibility(
  person: AccountFacts,
  owner: AccountFacts,
  authorisation: AuthorisationFacts,
  boat: BoatFacts,
  context: EligibilityContext,
  { launch = false }: { launch?: boolean } = {},
): Eligibility {
  const own = accountReasons(person, context).filter((reason) => reason.code !== 'licence_expired');
  const ownerBlocked = accountReasons(owner, context).some((reason) => OWNER_BLOCKING.has(reason.code));
  const ownerReasons: EligibilityReason[] = ownerBlocked
    ? [{ code: 'owner_not_eligible', text: 'El propietario tiene trámites pendientes', fix: null }]
    : [];
  const boatSide = [...boatReasons(boat, context), ...(launch ? reasons(LAUNCH_BOAT_RULES, boat, context) : [])].map(
    (reason) => ({ ...reason, fix: null }),
  );
  return verdict([...own, ...reasons(AUTHORISATION_RULES, authorisation, context), ...ownerReasons, ...boatSide]);
}

/** Only the account's side (the data validation screen, the card's holder part). */
export function accountEligibility(account: AccountFacts, context: EligibilityContext): Eligibility {
  return verdict(accountReasons(account, context));
}

/** `validar-datos` is due: time has run out or a document on file has expired (docs/product.md §4.4). */
export function isDataValidationDue(account: AccountFacts, context: EligibilityContext): boolean {
  return dataValidationReasons(account, context).length > 0;
}

/** The codes of the person's own account (the rest belong to a boat or to an authorisation on it). */
export const ACCOUNT_CODES: ReadonlySet<IneligibilityCode> = new Set(ACCOUNT_RULES.map((rule) => rule.code));

/** The reasons that make `validar-datos` due (a confirmation fixes them all). */
export const DATA_VALIDATION_CODES: ReadonlySet<IneligibilityCode> = new Set<IneligibilityCode>([
  'data_validation_due',
  'identity_document_expired',
  'licence_expired',
]);

/** Why `validar-datos` is due now; empty when it is not. */
export function dataValidationReasons(account: AccountFacts, context: EligibilityContext): EligibilityReason[] {
  return accountReasons(account, context).filter((reason) => DATA_VALIDATION_CODES.has(reason.code));
}

/** The day validation falls due again after a confirmation on `validatedOn`. */
export function nextValidationDueOn(validatedOn: string, dataValidationDays: number): string {
  return addDays(validatedOn, dataValidationDays);
}
