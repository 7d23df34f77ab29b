/**
 * Whose an authorisation is (docs/product.md §4.8, decision 038). It attaches to one account, once: the owner
 * has validated it (the person gave back the code sent to the contact the owner typed), and a live account at
 * the marina with the same document has proven that same phone or e-mail (a code or link sent there came
 * back). The document alone attaches nothing: registration never proves it. Both sides may come last, so both
 * attach: the owner's validation, and whatever makes an account live with a proven contact (activation, the
 * e-mail's confirmation link, a contact change's code). The owner is told, with the account's name. When that
 * account is deleted the authorisation ends for good, its open launches cancelled and the owner told.
 */
import { launchCancellationReasons } from '@marina/core/messages/launch-notices.ts';
import { paths } from '@marina/core/domain/app-paths.ts';
import { authorisationNotices } from '@marina/core/messages/authorisation-notices.ts';
import { pushNotices } from '@marina/core/messages/push-notices.ts';
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Executor, Tx } from '../db/database.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { launches } from '../launches/launches.schema.ts';
import { changeStatus, lockLaunch, lockSlots, SYSTEM, type LaunchScope } from '../launches/launch-places.ts';
import { tellCustomer } from '../notifications/tell-customer.ts';
import { personName, personText } from '../outbox/person-text.ts';
import { authorisationBoats, authorisations, type AuthorisationRow } from './authorisations.schema.ts';

/** Accounts whose contact proves nothing yet, or that are gone, never take an authorisation. */
const LIVE: AccountRow['status'][] = ['active', 'suspended'];

/**
 * Cancels the authorisation's open launches that `keep` does not keep (all of them by default), in the one
 * lock order (their slots, then each launch): each place goes at once to whoever waits for it. Answers how
 * many were cancelled.
 */
export async function cancelLaunchesUnder(
  tx: Tx,
  scope: LaunchScope,
  authorisationId: string,
  reason: string,
  keep: (slotStart: Date) => boolean = () => false,
) {
  const open = await tx
    .select({ id: launches.id, slotStart: launches.slotStart })
    .from(launches)
    .where(
      and(
        eq(launches.authorisationId, authorisationId),
        inArray(launches.status, ['pending', 'confirmed', 'waitlisted']),
      ),
    )
    .orderBy(asc(launches.slotStart));
  const doomed = open.filter((launch) => !keep(launch.slotStart));
  if (doomed.length === 0) return 0;
  await lockSlots(
    tx,
    scope.client.id,
    doomed.map((launch) => launch.slotStart),
  );
  let cancelled = 0;
  for (const { id } of doomed) {
    const launch = await lockLaunch(tx, scope.client.id, id);
    if (
      !launch ||
      !(['pending', 'confirmed', 'waitlisted'] as const).some((status) => status === launch.status) ||
      keep(launch.slotStart)
    )
      continue;
    await changeStatus(tx, scope, launch, 'cancelled', SYSTEM, { reason });
    cancelled += 1;
  }
  return cancelled;
}

/** The live account an authorisation is attached to, if any (for the notices that reach it in the app). */
export async function attachedPerson(
  db: Executor,
  row: Pick<AuthorisationRow, 'clientId' | 'personAccountId'>,
): Promise<AccountRow | null> {
  if (row.personAccountId === null) return null;
  const [person] = await db
    .select()
    .from(accounts)
    .where(
      and(eq(accounts.id, row.personAccountId), eq(accounts.clientId, row.clientId), inArray(accounts.status, LIVE)),
    );
  return person ?? null;
}

/** The contacts of the account that came back proven, as a condition on an authorisation's typed ones. */
function provenContactMatch(
  account: Pick<AccountRow, 'phone' | 'phoneVerifiedAt' | 'email' | 'emailVerifiedAt'>,
): SQL | undefined {
  const proven = [
    account.phone !== null && account.phoneVerifiedAt !== null ? eq(authorisations.phone, account.phone) : undefined,
    account.email !== null && account.emailVerifiedAt !== null ? eq(authorisations.email, account.email) : undefined,
  ].filter((condition) => condition !== undefined);
  return proven.length === 0 ? undefined : or(...proven);
}

async function boatNames(db: Executor, authorisationId: string): Promise<string[]> {
  const rows = await db
    .select({ name: boats.name })
    .from(authorisationBoats)
    .innerJoin(boats, eq(boats.id, authorisationBoats.boatId))
    .where(eq(authorisationBoats.authorisationId, authorisationId))
    .orderBy(asc(boats.name));
  return rows.map((row) => personText(row.name) || authorisationNotices.toOwner.unnamedBoat);
}

const listed = authorisationNotices.toOwner.boats;

/** Tells the owner, in the app and by the marina's channel, which account now holds their authorisation. */
async function tellOwnerAttached(
  tx: Tx,
  client: ClientRecord,
  row: AuthorisationRow,
  person: Pick<AccountRow, 'firstName' | 'surnames'>,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
) {
  const [owner] = await tx.select().from(accounts).where(eq(accounts.id, row.accountId));
  if (!owner) return;
  const holder = personName(person);
  const invited = personName(row, authorisationNotices.toOwner.unnamedInvited);
  const names = listed(await boatNames(tx, row.id));
  await tellCustomer(
    tx,
    { client, owner },
    {
      type: 'authorisation_attached',
      ...authorisationNotices.toOwner.attached({ marina: client.title, invited, holder, boats: names }),
      link: paths.autorizados,
      emailFooter: authorisationNotices.toOwner.emailFooter,
      push: {
        ...pushNotices.authorisation.attached,
        url: paths.autorizados,
        tag: `authorisation-${row.id}`,
        kind: 'authorisation',
      },
    },
    now,
    config,
  );
}

/** Whether the account has proven the phone or the e-mail the owner typed on the authorisation. */
function provesContactOf(account: AccountRow, row: Pick<AuthorisationRow, 'phone' | 'email'>): boolean {
  return (
    (account.phoneVerifiedAt !== null && account.phone === row.phone) ||
    (account.emailVerifiedAt !== null && account.email === row.email)
  );
}

/**
 * At the owner's validation, in its transaction (the authorisation's row locked and just made active): attaches
 * it to the live account with its document that has proven the phone or the e-mail the owner typed, if there is
 * one, and tells the owner. The row holding the document is share-locked whatever it says yet (documents are
 * unique per marina, so there is at most one), and judged once locked: an activation, an e-mail confirmation or
 * a contact change writing it meanwhile is waited for and then seen; one that comes after waits for this
 * validation, then finds the authorisation validated and attaches it itself (attachProvenAccount). Locking only
 * rows already live and proven would lock nothing while such a change is under way, and both would miss.
 */
export async function attachOnValidation(
  tx: Tx,
  client: ClientRecord,
  row: AuthorisationRow,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<AccountRow | null> {
  const [holder] = await tx
    .select()
    .from(accounts)
    .where(
      and(eq(accounts.clientId, row.clientId), eq(accounts.document, row.document), ne(accounts.id, row.accountId)),
    )
    .limit(1)
    .for('share');
  if (!holder || !LIVE.includes(holder.status) || !provesContactOf(holder, row)) return null;
  const person = holder;
  const [attached] = await tx
    .update(authorisations)
    .set({ personAccountId: person.id, updatedAt: now })
    .where(and(eq(authorisations.id, row.id), isNull(authorisations.personAccountId)))
    .returning();
  if (!attached) return null;
  await tellOwnerAttached(tx, client, attached, person, now, config);
  return person;
}

/**
 * After an account became live or proved a contact, in the transaction that wrote it to the account's row
 * (which holds that row's lock): attaches every validated authorisation at its marina, not yet attached nor
 * ended, that names its document and a contact it has proven, and tells each owner. Answers how many.
 */
export async function attachProvenAccount(
  tx: Tx,
  client: ClientRecord,
  account: AccountRow,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<number> {
  const contact = provenContactMatch(account);
  if (!LIVE.includes(account.status) || account.document === null || contact === undefined) return 0;
  const attached = await tx
    .update(authorisations)
    .set({ personAccountId: account.id, updatedAt: now })
    .where(
      and(
        eq(authorisations.clientId, account.clientId),
        eq(authorisations.document, account.document),
        ne(authorisations.accountId, account.id),
        isNull(authorisations.personAccountId),
        isNotNull(authorisations.validatedAt),
        ne(authorisations.state, 'ended'),
        contact,
      ),
    )
    .returning();
  for (const row of attached) await tellOwnerAttached(tx, client, row, account, now, config);
  return attached.length;
}

/**
 * When the account an authorisation is attached to is being deleted, in the deletion's transaction and before
 * its data go: each such authorisation ends (`ended`, for good: a new account with the same document does not
 * inherit it), its open launches are cancelled (their places going to who waits) and its owner is told. Locks
 * as a booking does: the account's row (no key update, taken by the caller), then the authorisations, then the
 * slots and launches.
 */
export async function endAuthorisationsOf(tx: Tx, scope: LaunchScope, accountId: string): Promise<void> {
  const held = await tx
    .select()
    .from(authorisations)
    .where(
      and(
        eq(authorisations.personAccountId, accountId),
        eq(authorisations.clientId, scope.client.id),
        ne(authorisations.state, 'ended'),
      ),
    )
    .orderBy(asc(authorisations.id))
    .for('update');
  for (const row of held) {
    const [ended] = await tx
      .update(authorisations)
      .set({ state: 'ended', updatedAt: scope.now })
      .where(eq(authorisations.id, row.id))
      .returning();
    const cancelled = await cancelLaunchesUnder(
      tx,
      scope,
      row.id,
      launchCancellationReasons.authorised_account_deleted,
    );
    const [owner] = await tx.select().from(accounts).where(eq(accounts.id, row.accountId));
    if (!owner) continue;
    const invited = personName(ended!, authorisationNotices.toOwner.unnamedInvitedOpening);
    const names = listed(await boatNames(tx, row.id));
    await tellCustomer(
      tx,
      { client: scope.client, owner },
      {
        type: 'authorisation_ended',
        ...authorisationNotices.toOwner.ended({
          marina: scope.client.title,
          invited,
          boats: names,
          cancelledLaunches: cancelled,
        }),
        link: paths.autorizados,
        emailFooter: authorisationNotices.toOwner.emailFooter,
        push: {
          ...pushNotices.authorisation.ended,
          url: paths.autorizados,
          tag: `authorisation-${row.id}`,
          kind: 'authorisation',
        },
      },
      scope.now,
      scope.config,
    );
  }
}
