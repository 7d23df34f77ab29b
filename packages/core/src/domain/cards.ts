/**
 * The card at the gate (docs/product.md §4.10, decision 028): what the API sends the holder (`Card`) and
 * anyone who checks a card (`CardCheck`), the card's live verdict from the one eligibility rule (§4.13), and
 * the short-lived code the phone computes offline for the QR. Written once for the screens and the server.
 *
 * Calls:
 * - `GET /api/v1/card`: the signed-in customer's card (made on the first call), with the code's secret;
 *   answered with `Cache-Control: no-store`.
 * - `POST /api/v1/card/reissue`: a new secret and a new `idTarjeta` (the number stays); every code and QR
 *   of the card before it stops working at once. Answers the new `Card`.
 * - `GET /api/v1/cards/{idTarjeta}/check?c=<code>`: public, no session, limited per IP address (429 with
 *   Retry-After). `{idTarjeta}` may also be the card's number (8 digits, as typed by hand). Always 200 with
 *   a `CardCheck`, whether the card exists or not.
 */
import { Secret, TOTP } from 'otpauth';
import { paths } from './app-paths.ts';
import type { BoatRole } from './authorisations.ts';
import {
  ACCOUNT_CODES,
  eligibilityResponse,
  type Eligibility,
  type EligibilityReason,
  type IneligibilityCode,
} from './eligibility.ts';
import {
  CalendarDay,
  Instant,
  Nullable,
  OrNull,
  Ref,
  Shared,
  StringEnum,
  Type,
  Uuid,
  type SchemaOptions,
  type Static,
} from './response-schema.ts';

// --- The code in the QR --------------------------------------------------------------------------------

/**
 * RFC 6238 time-based code: 6 digits, a new one every 60 s, HMAC-SHA1 over a per-card secret (base32,
 * 160 bits). A check accepts the code of the current step and of the one before, nothing older, so a
 * screenshot stops working within two minutes.
 */
export const CARD_CODE = { algorithm: 'SHA1', digits: 6, period: 60 } as const;

/** How many steps back a code still passes (0 = only the current one). */
export const CARD_CODE_STEPS_BACK = 1;

/** The code the phone shows at `at` (use the server's time: `Card.serverTime` gives the phone's offset). */
export function cardCode(secret: string, at: Date): string {
  return TOTP.generate({ secret: secretOf(secret), ...CARD_CODE, timestamp: at.getTime() });
}

/**
 * Does `code` belong to the card at `at`: the current step's code or the previous one's? The next step's
 * code (a phone whose clock is ahead) does not pass, nor does anything older than one step.
 */
export function cardCodeValid(secret: string, code: string, at: Date): boolean {
  if (!CARD_CODE_PATTERN.test(code)) return false;
  const delta = TOTP.validate({
    token: code,
    secret: secretOf(secret),
    ...CARD_CODE,
    timestamp: at.getTime(),
    window: CARD_CODE_STEPS_BACK,
  });
  return delta !== null && delta <= 0 && delta >= -CARD_CODE_STEPS_BACK;
}

function secretOf(base32: string): Secret {
  return Secret.fromBase32(base32);
}

/** A new card secret: 160 random bits (RFC 4226's recommended length) as base32. */
export function newCardSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export const CARD_CODE_PATTERN = /^\d{6}$/;

/** `idTarjeta`: 128 random bits as base64url (22 characters). Never a sequence. */
export const CARD_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** The card's number, for typing by hand: 8 digits, unique at the marina (shown as `1234 5678`). */
export const CARD_NUMBER_PATTERN = /^\d{8}$/;

/** `1234 5678`, as printed under the QR. */
export function formatCardNumber(number: string): string {
  return `${number.slice(0, 4)} ${number.slice(4)}`;
}

/** What the QR holds: the app's `checkQR` screen for this card with the code of the moment. */
export function cardCheckUrl(appOrigin: string, idTarjeta: string, code: string): string {
  return `${appOrigin.replace(/\/+$/, '')}/checkQR/${encodeURIComponent(idTarjeta)}?c=${encodeURIComponent(code)}`;
}

// --- The holder's card ----------------------------------------------------------------------------------

/**
 * `owner`: the holder has boats of their own at the marina (or none at all yet); `authorised`: they only use
 * boats others authorised them on (docs/product.md §4.8).
 */
export type CardRole = 'owner' | 'authorised';
export const CARD_ROLE_LABELS: Readonly<Record<CardRole, string>> = { owner: 'Propietario', authorised: 'Autorizado' };

/** Reasons of the card on top of the eligibility rule's. */
export type CardOnlyCode =
  /** The holder neither owns a boat at the marina nor is authorised on one. */
  | 'no_boats'
  /** Check only: the code is missing, stale or wrong, or the card is unknown (they answer alike). */
  | 'code_stale';
export type CardReasonCode = IneligibilityCode | CardOnlyCode;

export const CARD_ONLY_REASONS: Readonly<Record<CardOnlyCode, { text: string; fix: EligibilityReason['fix'] }>> = {
  no_boats: { text: 'Sin barcos en la marina', fix: { label: 'Solicitar contrato', to: paths.altaContrato } },
  code_stale: { text: 'Código caducado', fix: null },
};

const cardRole = (options: SchemaOptions = {}) =>
  StringEnum(['owner', 'authorised'] as const satisfies readonly CardRole[], options);

/**
 * One reason the card is red, as the eligibility rule gives it (code, Spanish text, the fix's route when
 * the holder can fix it), with the boat it is about; null for the holder's own account (suspended, data to
 * validate, document or licence expired) and for `no_boats`.
 */
export const cardReasonResponse = Shared(
  Type.Object(
    {
      code: Type.Unsafe<CardReasonCode>(Type.String({ examples: ['insurance_expired', 'no_boats'] })),
      text: Type.String(),
      fix: OrNull(Type.Object({ label: Type.String(), to: Type.String({ description: "The app's path" }) })),
      boat: OrNull(Type.Object({ id: Uuid(), name: Type.String() })),
    },
    {
      $id: 'CardReason',
      description:
        'Why the card is red: an eligibility reason (code, Spanish text, fix) and the boat it is about (null: the holder’s own)',
    },
  ),
);
export type CardReason = Static<typeof cardReasonResponse>;

/** Green (`valid`, no reasons) when the holder may use at least one boat the card covers today. */
export type CardVerdict = { valid: true; reasons: [] } | { valid: false; reasons: CardReason[] };

/** A boat the card covers, with the holder's verdict on it (an authorised person's, for `role: authorised`). */
export const cardBoatResponse = Type.Object({
  id: Uuid(),
  name: Type.String(),
  role: StringEnum(['owner', 'authorised'] as const satisfies readonly BoatRole[]),
  eligibility: eligibilityResponse(),
});
export type CardBoat = Static<typeof cardBoatResponse>;

/** `GET /card`, `POST /card/reissue`: the signed-in holder's card. Only ever sent to its holder. */
export const cardResponse = Shared(
  Type.Object(
    {
      /** Opaque, 128 random bits (base64url); a re-issue gives a new one. */
      idTarjeta: Type.String({
        description: 'Opaque, 128 random bits (base64url, 22 characters); a re-issue gives a new one',
      }),
      /** 8 digits, for typing by hand (formatCardNumber); kept by a re-issue. */
      number: Type.String({
        pattern: '^\\d{8}$',
        description: 'For typing by hand (shown as 1234 5678); kept by a re-issue',
      }),
      holder: Type.Object({ firstName: Type.String(), surnames: Type.String() }),
      role: cardRole({ description: '`authorised` when every boat the card covers is someone else’s' }),
      marina: Type.Object({ id: Type.Integer(), title: Type.String() }),
      /** Own boats first, then those the holder is authorised on, by name. */
      boats: Type.Array(cardBoatResponse, {
        description: 'Own boats first, then those the holder is authorised on, each with the holder’s verdict',
      }),
      /**
       * While green: the last day (`YYYY-MM-DD`, the marina's calendar) it stays green if nothing changes (the
       * earliest of the holder's own deadlines and the latest of the usable boats' contract, insurance and
       * authorisation ends); null when red or when nothing ends it.
       */
      validUntil: Nullable(CalendarDay(), {
        description: 'While green, the last day it stays green if nothing changes; null when red or open-ended',
      }),
      verdict: Type.Unsafe<CardVerdict>(
        Type.Object(
          {
            valid: Type.Boolean(),
            reasons: Type.Array(Ref<typeof cardReasonResponse>('CardReason')),
          },
          {
            description: 'Green (`valid`) when the holder may use at least one of the boats today; else every reason',
          },
        ),
      ),
      /** What the phone needs to compute the QR's code offline (cardCode). Keep it like a password. */
      code: Type.Object(
        {
          secret: Type.String(),
          algorithm: StringEnum([CARD_CODE.algorithm] as const),
          digits: Type.Unsafe<typeof CARD_CODE.digits>({ type: 'integer', enum: [CARD_CODE.digits] }),
          period: Type.Unsafe<typeof CARD_CODE.period>({ type: 'integer', enum: [CARD_CODE.period] }),
        },
        {
          description:
            'RFC 6238 parameters and the base32 secret the phone computes the QR’s code from (cardCode in @marina/core/domain/cards.ts)',
        },
      ),
      /** When this card (its id and secret) was issued. */
      issuedAt: Instant(),
      /** The server's clock when it answered: the phone computes codes with its offset from it. */
      serverTime: Instant({ description: 'The server’s clock: the phone computes codes with its offset from it' }),
    },
    {
      $id: 'Card',
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
    },
  ),
);
export type Card = Static<typeof cardResponse>;

// --- The public check ----------------------------------------------------------------------------------

/** A reason as the check tells it: code and words, no route (fixing is the holder's business). */
export const cardCheckReasonResponse = Type.Object({
  code: Type.Unsafe<CardReasonCode>(Type.String()),
  text: Type.String(),
});
export type CardCheckReason = Static<typeof cardCheckReasonResponse>;

/**
 * `GET /cards/{idTarjeta}/check?c=`: what anyone scanning the QR sees, and nothing more (no document,
 * phone, e-mail or full surname). The same keys whatever the outcome: with a missing, stale or wrong code,
 * and for an unknown card (or another marina's), `codeStale` is true, `valid` false, the only reason is
 * `code_stale`, and the holder's fields are null or empty.
 */
export const cardCheckResponse = Shared(
  Type.Object(
    {
      valid: Type.Boolean({
        description:
          'With `codeStale: false`, the verdict of the card proven by its code: «VÁLIDO» (green) / «NO VÁLIDO» (red). ' +
          'With `codeStale: true` always false and meaning nothing about the card',
      }),
      codeStale: Type.Boolean({
        description:
          '«Código caducado» (amber, not red: decision 054): the code is missing, stale or wrong (an old ' +
          'screenshot, a phone whose clock is off, a misread QR), or the card is unknown here (they answer alike). ' +
          'Nothing is said of the verdict: a red card with a stale code answers exactly as a green one does',
      }),
      reasons: Type.Array(cardCheckReasonResponse),
      /** First name and the initial of the first surname ("Ana G."). */
      holder: OrNull(Type.Object({ firstName: Type.String(), surnameInitial: Type.String() })),
      role: OrNull(cardRole()),
      /** The boats the card covers by name, each with whether the holder may use it today. */
      boats: Type.Array(Type.Object({ name: Type.String(), valid: Type.Boolean() })),
      validUntil: Nullable(CalendarDay()),
      /** The server's time of the check (ISO instant). */
      checkedAt: Instant({ description: 'The time of the check' }),
    },
    {
      $id: 'CardCheck',
      description: 'What a check tells anyone, and nothing more: no document, phone, e-mail or full surname',
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
    },
  ),
);
export type CardCheck = Static<typeof cardCheckResponse>;

/** The keys of every `CardCheck`, in one place for the server's schema and the tests. */
export const CARD_CHECK_KEYS = [
  'valid',
  'codeStale',
  'reasons',
  'holder',
  'role',
  'boats',
  'validUntil',
  'checkedAt',
] as const satisfies readonly (keyof CardCheck)[];

// --- The verdict ---------------------------------------------------------------------------------------

/** A boat as the verdict reads it: the holder's eligibility on it and the last day it holds (null: no end). */
export interface CardBoatFacts {
  id: string;
  name: string;
  eligibility: Eligibility;
  lastDay: string | null;
}

/**
 * The card's verdict (docs/product.md §4.10, §4.13): green when the holder may use at least one of the
 * boats it covers, each judged by the eligibility rule (for an authorised person `authorisedEligibility`,
 * which includes the authorisation's own reasons). Red otherwise, with every reason: the holder's own once
 * (`boat: null`), then each boat's with the boat. `holderReasons` (the account's, `accountReasons`) are
 * only read when there is no boat, to say what else stands in the way besides `no_boats`.
 */
export function cardVerdict(holderReasons: readonly EligibilityReason[], boats: readonly CardBoatFacts[]): CardVerdict {
  if (boats.some((boat) => boat.eligibility.eligible)) return { valid: true, reasons: [] };
  const reasons: CardReason[] = [];
  const seen = new Set<string>();
  const add = (reason: Omit<CardReason, 'boat'>, boat: CardBoatFacts | null) => {
    const about =
      boat === null || ACCOUNT_CODES.has(reason.code as IneligibilityCode) ? null : { id: boat.id, name: boat.name };
    const key = about === null ? reason.code : `${reason.code}:${about.id}`;
    if (seen.has(key)) return;
    seen.add(key);
    reasons.push({ code: reason.code, text: reason.text, fix: reason.fix, boat: about });
  };
  if (boats.length === 0) {
    for (const reason of holderReasons) add(reason, null);
    add({ code: 'no_boats', ...CARD_ONLY_REASONS.no_boats }, null);
  }
  for (const boat of boats) for (const reason of boat.eligibility.reasons) add(reason, boat);
  // Holder's own reasons first: they stop every boat at once.
  return {
    valid: false,
    reasons: [...reasons.filter((reason) => reason.boat === null), ...reasons.filter((reason) => reason.boat !== null)],
  };
}

/**
 * While green, the last day it stays green if nothing changes: the earliest of `holderLastDay` (the
 * holder's own deadlines) and the latest last day of the usable boats. Null when red, or when nothing ends.
 */
export function cardValidUntil(
  verdict: CardVerdict,
  holderLastDay: string | null,
  boats: readonly CardBoatFacts[],
): string | null {
  if (!verdict.valid) return null;
  const usable = boats.filter((boat) => boat.eligibility.eligible);
  const boatsEnd = usable.some((boat) => boat.lastDay === null)
    ? null
    : (usable
        .map((boat) => boat.lastDay!)
        .sort()
        .at(-1) ?? null);
  return earliestDay(holderLastDay, boatsEnd);
}

/** The earliest of the days given (`YYYY-MM-DD`), ignoring nulls (no end); null when all are null. */
export function earliestDay(...days: (string | null | undefined)[]): string | null {
  return days.filter((day): day is string => typeof day === 'string').sort()[0] ?? null;
}

/** "García López" → "G." (the check shows no more of the surname). */
export function surnameInitial(surnames: string): string {
  const first = [...surnames.trim()][0];
  return first === undefined ? '' : `${first.toLocaleUpperCase('es')}.`;
}
