/**
 * The card as its holder sees it (`Card`) and as a check tells it (`CardCheck`), from the card's row, the
 * holder's account and the boats the card covers (docs/product.md §4.10), each boat judged by the one
 * eligibility rule exactly as `GET /boats` judges it (own boats by `eligibility`, boats the holder is
 * authorised on by `authorisedEligibility`).
 */
import { randomInt } from 'node:crypto';
import type { Boat } from '@marina/core/domain/boats.ts';
import { addDays } from '@marina/core/domain/calendar.ts';
import {
  CARD_CODE,
  CARD_ID_PATTERN,
  CARD_NUMBER_PATTERN,
  CARD_ONLY_REASONS,
  cardCodeValid,
  cardValidUntil,
  cardVerdict,
  earliestDay,
  newCardSecret,
  surnameInitial,
  type Card,
  type CardBoatFacts,
  type CardCheck,
  type CardRole,
  type CardVerdict,
} from '@marina/core/domain/cards.ts';
import { accountReasons, nextValidationDueOn } from '@marina/core/domain/eligibility.ts';
import { localDateIn } from '@marina/core/domain/opening-hours.ts';
import { and, eq } from 'drizzle-orm';
import { accountFacts, eligibilityContext } from '../accounts/account-summary.ts';
import { authorisedBoats, loadBoats, toBoat } from '../boats/boat-views.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Executor } from '../db/database.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { cards, type CardRow } from './cards.schema.ts';
import { randomToken } from '../security/secrets.ts';

/** A new `idTarjeta`: 128 random bits, base64url. */
export function newCardId(): string {
  return randomToken(16);
}

/** A new card number: 8 random digits (leading zeros allowed). */
export function newCardNumber(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}

/**
 * The account's card, made when it has none. Race-free: `account_id` is unique and the insert does nothing
 * on a conflict, so of any number of parallel first calls one row is written and all read it. A number
 * already taken at the marina (one in millions) conflicts too, and is drawn again.
 */
export async function cardOfAccount(db: Executor, clientId: number, accountId: string, now: Date): Promise<CardRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db
      .select()
      .from(cards)
      .where(and(eq(cards.accountId, accountId), eq(cards.clientId, clientId)));
    if (existing) return existing;
    await db
      .insert(cards)
      .values({
        clientId,
        accountId,
        cardId: newCardId(),
        number: newCardNumber(),
        secret: newCardSecret(),
        issuedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing();
  }
  throw new Error(`no card could be made for account ${accountId}`);
}

/** A new id and secret for the account's card (the number stays): every earlier code and QR stops at once. */
export async function reissueCard(db: Executor, clientId: number, accountId: string, now: Date): Promise<CardRow> {
  await cardOfAccount(db, clientId, accountId, now);
  const [row] = await db
    .update(cards)
    .set({ cardId: newCardId(), secret: newCardSecret(), issuedAt: now })
    .where(and(eq(cards.accountId, accountId), eq(cards.clientId, clientId)))
    .returning();
  return row!;
}

/** What the verdict needs: the boats the card covers (own first), judged for the holder now. */
async function coveredBoats(db: Executor, client: ClientRecord, account: AccountRow, now: Date): Promise<Boat[]> {
  const own = (await loadBoats(db, client.id, eq(boats.accountId, account.id))).map(({ row, parts }) =>
    toBoat(row, parts, client, now),
  );
  const authorised = await authorisedBoats(db, client, account.id, now, new Set(own.map((boat) => boat.id)));
  return [...own, ...authorised];
}

/**
 * The last day a usable boat stays usable if nothing changes: the earliest of the holder's own deadlines
 * that the rule reads for that boat (identity document, data validation, and the account's licence for an
 * own boat), the contract's end and the insurance's, and for an authorised boat the authorisation's end
 * and the licence on it. The owner's deadlines behind an authorisation are not foreseen (the verdict is
 * live: it turns red the day they pass).
 */
function lastDayOf(boat: Boat, account: AccountRow, client: ClientRecord): string | null {
  const validatedOn = account.dataValidatedAt && localDateIn(account.dataValidatedAt, client.timeZone);
  const validationEnds = validatedOn
    ? addDays(nextValidationDueOn(validatedOn, client.settings.dataValidationDays), -1)
    : null;
  return earliestDay(
    account.documentExpiresOn,
    validationEnds,
    boat.role === 'owner' ? account.licenceExpiresOn : null,
    boat.contract?.status === 'active' ? boat.contract.endsOn : null,
    boat.insurance?.expiresOn,
    boat.authorisation?.validTo,
    boat.authorisation?.licence.expiresOn,
  );
}

interface Judged {
  role: CardRole;
  boats: Boat[];
  verdict: CardVerdict;
  validUntil: string | null;
}

/** The card's verdict and valid-until for the holder now (docs/product.md §4.10, §4.13). */
export async function judgeCard(db: Executor, client: ClientRecord, account: AccountRow, now: Date): Promise<Judged> {
  const covered = await coveredBoats(db, client, account, now);
  const facts: CardBoatFacts[] = covered.map((boat) => ({
    id: boat.id,
    name: boat.name,
    eligibility: boat.eligibility,
    lastDay: lastDayOf(boat, account, client),
  }));
  const verdict = cardVerdict(accountReasons(accountFacts(account), eligibilityContext(client, now)), facts);
  const onlyAuthorised = covered.length > 0 && covered.every((boat) => boat.role === 'authorised');
  return {
    role: onlyAuthorised ? 'authorised' : 'owner',
    boats: covered,
    verdict,
    validUntil: cardValidUntil(verdict, null, facts),
  };
}

/** `GET /card`: everything the holder's phone needs, the code's secret included. */
export async function toCard(
  db: Executor,
  client: ClientRecord,
  account: AccountRow,
  row: CardRow,
  now: Date,
): Promise<Card> {
  const judged = await judgeCard(db, client, account, now);
  return {
    idTarjeta: row.cardId,
    number: row.number,
    holder: { firstName: account.firstName, surnames: account.surnames },
    role: judged.role,
    marina: { id: client.id, title: client.title },
    boats: judged.boats.map((boat) => ({
      id: boat.id,
      name: boat.name,
      role: boat.role,
      eligibility: boat.eligibility,
    })),
    validUntil: judged.validUntil,
    verdict: judged.verdict,
    code: { secret: row.secret, ...CARD_CODE },
    issuedAt: row.issuedAt.toISOString(),
    serverTime: now.toISOString(),
  };
}

/**
 * Compared with a missing card's code, so that an unknown id costs what a known one does (an RFC 6238 check
 * of a well-formed secret). Fixed and public: no code of it can make an unknown card pass, because a card
 * that was not found never passes whatever the comparison says.
 */
const DUMMY_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** The answer when the code does not prove the card: stale, missing, wrong, or no such card here. */
function staleCheck(now: Date): CardCheck {
  return {
    valid: false,
    codeStale: true,
    reasons: [{ code: 'code_stale', text: CARD_ONLY_REASONS.code_stale.text }],
    holder: null,
    role: null,
    boats: [],
    validUntil: null,
    checkedAt: now.toISOString(),
  };
}

/** The card named by `idOrNumber` at this marina (its `idTarjeta`, or its number as typed), with its holder. */
async function findCard(
  db: Executor,
  clientId: number,
  idOrNumber: string,
): Promise<{ card: CardRow; account: AccountRow } | undefined> {
  const byId = CARD_ID_PATTERN.test(idOrNumber);
  const byNumber = CARD_NUMBER_PATTERN.test(idOrNumber);
  // A malformed id still runs a lookup (of nothing), so its answer takes as long as any other.
  const [found] = await db
    .select({ card: cards, account: accounts })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .where(
      and(
        eq(cards.clientId, clientId),
        byNumber ? eq(cards.number, idOrNumber) : eq(cards.cardId, byId ? idOrNumber : '-'),
      ),
    )
    .limit(1);
  return found;
}

/**
 * `GET /cards/{idTarjeta}/check?c=`: the card's verdict, only when `code` is the card's code of now or of
 * the step before. Otherwise, and for a card that is not this marina's or does not exist, the same stale
 * answer after the same work (one lookup, one code comparison).
 *
 * `beforeCode`, when given, runs between the lookup and the comparison with the card's number, or what was
 * typed when no card has it: where an anonymous check takes its place in the card's ceiling (decision 040).
 * A refusal there ends the check before any code is compared, for a card that exists or not alike.
 */
export async function checkCard(
  db: Executor,
  client: ClientRecord,
  idOrNumber: string,
  code: string,
  now: Date,
  beforeCode?: (card: string) => Promise<unknown>,
): Promise<CardCheck> {
  const found = await findCard(db, client.id, idOrNumber);
  await beforeCode?.(found?.card.number ?? idOrNumber);
  const codeMatches = cardCodeValid(found?.card.secret ?? DUMMY_SECRET, code, now);
  if (!found || !codeMatches || found.account.status === 'deleted') return staleCheck(now);
  const { account } = found;
  const judged = await judgeCard(db, client, account, now);
  const reasons = judged.verdict.valid
    ? []
    : judged.verdict.reasons.map((reason) => ({
        code: reason.code,
        text: reason.boat ? `${reason.text} (${reason.boat.name})` : reason.text,
      }));
  return {
    valid: judged.verdict.valid,
    codeStale: false,
    reasons,
    holder: { firstName: account.firstName, surnameInitial: surnameInitial(account.surnames) },
    role: judged.role,
    boats: judged.boats.map((boat) => ({ name: boat.name, valid: boat.eligibility.eligible })),
    validUntil: judged.validUntil,
    checkedAt: now.toISOString(),
  };
}
