/**
 * The signed-in person's own account (`micuenta`, docs/product.md §3, §4.2): profile, contact changes
 * confirmed with a code sent to the new e-mail or phone, the e-mail confirmation link (docs/decisions/009),
 * password change, deletion (anonymisation).
 */
import {
  changePasswordSchema,
  codeSchema,
  deleteAccountSchema,
  profileSchema,
} from '@marina/core/domain/account-rules.ts';
import type {
  AccountSummary,
  ContactChangeStarted,
  EmailConfirmationSent,
  ProfileUpdated,
} from '@marina/core/domain/accounts.ts';
import { maskEmail, maskPhone } from '@marina/core/domain/contact.ts';
import type { CodeChannel } from '@marina/core/domain/platform.ts';
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { attachProvenAccount, endAuthorisationsOf } from '../authorisations/authorisation-person.ts';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import type { Tx } from '../db/database.ts';
import { eraseAccountData } from '../db/account-erasure.ts';
import { waitingPromoter } from '../launches/launch-places.ts';
import {
  accounts,
  verificationCodes,
  type AccountRow,
  type ContactField,
  type VerificationCodeRow,
} from './accounts.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { outings } from '../outings/outings.schema.ts';
import { audit } from '../http/audit.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import { createNotification } from '../notifications/notifications.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import { refuseSmsCountry } from '../outbox/sms-countries.ts';
import { idempotentHeadersSchema } from '../security/idempotency.ts';
import { CODE_REQUESTS } from '../security/limits.ts';
import { messageSender, takeMessageBudget } from '../security/message-budgets.ts';
import { takeSlot, throttleKeys } from '../security/rate-limits.ts';
import { passwordWasRight, reservePasswordCheck } from '../security/password-attempts.ts';
import type { Services } from '../services.ts';
import { knownDeviceId, rememberDevice } from '../sessions/known-device.ts';
import { replaceWithAnonymousSession } from '../sessions/session-cookies.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { endAccountSessions } from '../sessions/session-store.ts';
import { isUniqueViolation } from '../db/database-errors.ts';
import { toAccountSummary } from './account-summary.ts';
import { isLiveConfirmation, provenEmail, sendEmailConfirmation } from './email-confirmations.ts';
import { emailChangedMessage, notificationTexts, passwordChangedMessage } from './messages.ts';
import { passwordHasher, refuseWeakPassword } from './passwords.ts';
import {
  checkCode,
  codeTimes,
  countCodeRequest,
  findVerification,
  issueCode,
  markCodeUsed,
  resendCode,
  sendFlowCode,
  type IssuedCode,
} from './verification-codes.ts';
import { errorMessages } from '@marina/core/messages/error-messages.ts';
import { fieldRuleMessages } from '@marina/core/messages/field-rules.ts';
import { fieldMessages, problemDetails } from '@marina/core/messages/problem-details.ts';

const CHANNEL_OF: Record<ContactField, CodeChannel> = { email: 'email', phone: 'sms' };

function masked(field: ContactField, value: string): string {
  return field === 'email' ? maskEmail(value) : maskPhone(value);
}

function changeStarted(verification: VerificationCodeRow): ContactChangeStarted {
  const field = verification.contactField!;
  return {
    changeId: verification.id,
    field,
    channel: verification.channel,
    destination: masked(field, verification.destination!),
    ...codeTimes(verification),
  };
}

const emailConfirmationSchema = yup.object({
  token: yup.string().required(fieldRuleMessages.email_confirmation_link_missing),
});
const confirmationLinkInvalid = () => problem('token_invalid', 410, problemDetails.confirmation_link_invalid);

const incorrectPassword = (field: string) =>
  problem('current_password_incorrect', 422, errorMessages.current_password_incorrect, [
    { field, code: 'current_password_incorrect', message: fieldMessages.current_password_incorrect },
  ]);

/**
 * An outing still at sea, logged by the account or on one of its boats, keeps the account (docs/product.md
 * §4.9): erasing it would take the outing and its overdue alarm with it, and the marina would never hear that
 * the boat is late. The account's row is locked as a booking locks it, then its boats, whose lock an outing
 * being logged on them holds until it commits (its foreign key): one logged meanwhile is seen here.
 */
async function refuseWhileAtSea(tx: Tx, accountId: string): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('no key update');
  const ownBoats = await tx.select({ id: boats.id }).from(boats).where(eq(boats.accountId, accountId)).for('update');
  const [atSea] = await tx
    .select({ id: outings.id })
    .from(outings)
    .where(
      and(
        inArray(outings.state, ['at_sea', 'overdue']),
        ownBoats.length === 0
          ? eq(outings.accountId, accountId)
          : or(
              eq(outings.accountId, accountId),
              inArray(
                outings.boatId,
                ownBoats.map((boat) => boat.id),
              ),
            ),
      ),
    )
    .limit(1);
  if (atSea) {
    throw problem('outing_at_sea', 409, errorMessages.outing_at_sea);
  }
}

export const profileRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, config, clock, directory } = services;

  /**
   * Checks the account's password for a sensitive change, throttled per session like sign-in per address
   * (a stolen session must not become a way to guess the password, nor a way to slow the owner's own
   * sessions). Counted before the password is compared.
   */
  async function confirmPassword(
    request: FastifyRequest,
    account: AccountRow,
    password: string,
    field: string,
    now: Date,
  ) {
    const attempt = await reservePasswordCheck(
      db,
      { clientId: account.clientId, accountId: account.id, sessionKey: requireSession(request).idHash },
      now,
    );
    if (!(await passwordHasher.check(account.passwordHash, password))) {
      audit(request, 'password_confirmation', { outcome: 'failure', accountId: account.id, reason: 'wrong_password' });
      throw incorrectPassword(field);
    }
    await passwordWasRight(db, attempt);
  }

  api.get(
    '/me',
    {
      schema: {
        operationId: 'getAccount',
        summary: 'The signed-in account',
        tags: ['account'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: { 200: { description: 'The account', $ref: 'AccountSummary#' }, ...problemResponses(400, 401) },
      },
    },
    async (request): Promise<AccountSummary> =>
      toAccountSummary(requireSession(request).account, requireClient(request), clock()),
  );

  /** Contact changes of the account still waiting for their code. */
  async function pendingChanges(accountId: string): Promise<ContactChangeStarted[]> {
    const rows = await db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.accountId, accountId),
          eq(verificationCodes.purpose, 'contact_change'),
          isNull(verificationCodes.consumedAt),
        ),
      )
      // As PATCH /me lists them: e-mail, then phone.
      .orderBy(verificationCodes.contactField);
    return rows.map(changeStarted);
  }

  api.patch(
    '/me',
    {
      config: {
        // The answer is the person's data: a replay reads it again rather than keeping it for 24 h.
        idempotent: {
          keep: () => null,
          replay: async (request): Promise<ProfileUpdated> => {
            const session = requireSession(request);
            return {
              account: toAccountSummary(session.account, requireClient(request), clock()),
              pendingChanges: await pendingChanges(session.accountId),
            };
          },
        },
      },
      schema: {
        operationId: 'updateProfile',
        summary: 'Update the profile: names at once; a new e-mail or phone waits for its code',
        tags: ['account'],
        headers: idempotentHeadersSchema,
        security: [{ session: [] }],
        body: bodyFrom(profileSchema),
        response: {
          200: { description: 'Names applied; contact changes pending', $ref: 'ProfileUpdated#' },
          ...problemResponses(400, 401, 403, 409, 422, 429),
        },
      },
    },
    async (request): Promise<ProfileUpdated> => {
      const session = requireSession(request);
      const input = await validateBody(profileSchema, request.body);
      const client = requireClient(request);
      const now = clock();
      const current = session.account;
      const wanted: Record<ContactField, string> = { email: input.email, phone: input.phone };
      // A new mobile gets its code by SMS, whatever the marina's channel: only of a country it sends SMS to.
      if (input.phone !== current.phone) refuseSmsCountry(client, input.phone);

      const { account, pending } = await db.transaction(async (tx) => {
        const codes: IssuedCode[] = [];
        const [updated] = await tx
          .update(accounts)
          .set({ firstName: input.firstName, surnames: input.surnames, updatedAt: now })
          .where(eq(accounts.id, current.id))
          .returning();
        const pendingChanges: VerificationCodeRow[] = [];
        for (const field of ['email', 'phone'] as const) {
          const unconfirmed = and(
            eq(verificationCodes.accountId, current.id),
            eq(verificationCodes.purpose, 'contact_change'),
            eq(verificationCodes.contactField, field),
            isNull(verificationCodes.consumedAt),
          );
          const value = wanted[field];
          if (value === current[field]) {
            // Back to the current value: a change still waiting for its code is abandoned.
            await tx.delete(verificationCodes).where(unconfirmed);
            continue;
          }
          const [waiting] = await tx
            .select()
            .from(verificationCodes)
            .where(and(unconfirmed, eq(verificationCodes.destination, value)))
            .limit(1);
          if (waiting) {
            // The same change again (a second save): the code already sent still holds.
            pendingChanges.push(waiting);
            continue;
          }
          await tx.delete(verificationCodes).where(unconfirmed);
          const channel = CHANNEL_OF[field];
          await countCodeRequest(tx, 'contact_change', client.id, value, now);
          const issued = await issueCode(
            tx,
            {
              clientId: client.id,
              accountId: current.id,
              purpose: 'contact_change',
              channel,
              destination: value,
              typed: value,
              contactField: field,
            },
            now,
          );
          codes.push(issued);
          pendingChanges.push(issued.verification);
        }
        // The person chose where these go: each is counted in their budgets (decision 039), all at once after
        // the destinations' own counters, before any is written.
        if (codes.length > 0) await takeMessageBudget(tx, messageSender(request), now, codes.length);
        for (const issued of codes) await sendFlowCode(tx, client, issued, now, config);
        return { account: updated!, pending: pendingChanges };
      });
      return { account: toAccountSummary(account, client, now), pendingChanges: pending.map(changeStarted) };
    },
  );

  api.post<{ Params: { changeId: string } }>(
    '/me/contact-changes/:changeId/resend',
    {
      schema: {
        operationId: 'resendContactChangeCode',
        summary: 'Send a new code for a pending e-mail or phone change',
        tags: ['account'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: {
          202: { description: 'A new code is on its way', $ref: 'ContactChangeStarted#' },
          ...problemResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const verification = await findVerification(db, {
        id: request.params.changeId,
        clientId: client.id,
        purpose: 'contact_change',
        accountId: session.accountId,
      });
      const issued = await db.transaction(async (tx) => {
        const resent = await resendCode(tx, verification, now);
        await takeMessageBudget(tx, messageSender(request), now);
        await sendFlowCode(tx, client, resent, now, config);
        return resent;
      });
      return reply.code(202).send(changeStarted(issued.verification));
    },
  );

  api.post<{ Params: { changeId: string } }>(
    '/me/contact-changes/:changeId/confirm',
    {
      schema: {
        operationId: 'confirmContactChange',
        summary: 'Confirm a new e-mail or phone with its code',
        tags: ['account'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        body: bodyFrom(codeSchema),
        response: {
          200: { description: 'Applied', $ref: 'AccountSummary#' },
          ...problemResponses(400, 401, 403, 404, 409, 410, 422, 429),
        },
      },
    },
    async (request): Promise<AccountSummary> => {
      const session = requireSession(request);
      const input = await validateBody(codeSchema, request.body);
      const client = requireClient(request);
      const now = clock();
      const verification = await findVerification(db, {
        id: request.params.changeId,
        clientId: client.id,
        purpose: 'contact_change',
        accountId: session.accountId,
      });
      await checkCode(db, verification, input.code, now, (reason) =>
        audit(request, 'contact_change_code_check', { outcome: 'failure', accountId: session.accountId, reason }),
      );
      const field = verification.contactField!;
      const value = verification.destination!;
      const unavailable = () =>
        problem('contact_unavailable', 409, problemDetails.email_taken, [
          { field, code: 'contact_unavailable', message: fieldMessages.email_taken },
        ]);
      try {
        const account = await db.transaction(async (tx) => {
          if (field === 'email') {
            const [taken] = await tx
              .select({ id: accounts.id })
              .from(accounts)
              .where(
                and(eq(accounts.clientId, client.id), eq(accounts.email, value), ne(accounts.id, session.accountId)),
              )
              .limit(1);
            if (taken) throw unavailable();
          }
          await markCodeUsed(tx, verification, input.code, now);
          const [updated] = await tx
            .update(accounts)
            // The code went to the new e-mail or phone and came back: it is proven.
            .set({
              ...(field === 'email' ? { email: value, emailVerifiedAt: now } : { phone: value, phoneVerifiedAt: now }),
              updatedAt: now,
            })
            .where(eq(accounts.id, session.accountId))
            .returning();
          // A contact an owner typed when authorising this person, proven now: that authorisation is theirs (decision 038).
          await attachProvenAccount(tx, client, updated!, now, config);
          const previous = provenEmail(session.account);
          if (field === 'email' && previous) {
            // The old address hears of it: a hijacked session changing the e-mail does not go unnoticed.
            await enqueueMessage(
              tx,
              {
                clientId: client.id,
                accountId: session.accountId,
                channel: 'email',
                destination: previous,
                ...emailChangedMessage(client.title, maskEmail(value)),
              },
              now,
              config,
            );
          }
          return updated!;
        });
        audit(request, 'contact_change_code_check', { outcome: 'success', accountId: session.accountId });
        return toAccountSummary(account, client, now);
      } catch (error) {
        if (isUniqueViolation(error)) throw unavailable();
        throw error;
      }
    },
  );

  api.post(
    '/me/email-confirmation',
    {
      schema: {
        operationId: 'sendEmailConfirmation',
        summary: 'Send a link that confirms the account e-mail (again)',
        tags: ['account'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: {
          202: { description: 'A link is on its way', $ref: 'EmailConfirmationSent#' },
          ...problemResponses(400, 401, 403, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const account = session.account;
      if (provenEmail(account) !== null || account.email === null) {
        throw problem('email_already_confirmed', 409, errorMessages.email_already_confirmed);
      }
      const email = account.email;
      await db.transaction(async (tx) => {
        // Counted like codes asked for that address: an unproven e-mail is someone's inbox all the same.
        await takeSlot(tx, throttleKeys.codeRequests('email_confirmation', client.id, email), CODE_REQUESTS, now);
        await takeMessageBudget(tx, messageSender(request), now);
        await sendEmailConfirmation(tx, { client, account: { ...account, email }, config, now });
      });
      audit(request, 'email_confirmation_sent', { outcome: 'success', accountId: account.id });
      return reply.code(202).send({ destination: maskEmail(email) } satisfies EmailConfirmationSent);
    },
  );

  api.post(
    '/me/email-confirmation/confirm',
    {
      schema: {
        operationId: 'confirmEmail',
        summary: "Confirm the account e-mail with the link's token (micuenta?confirmar-email=…)",
        tags: ['account'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        body: bodyFrom(emailConfirmationSchema),
        response: {
          200: { description: 'Confirmed', $ref: 'AccountSummary#' },
          ...problemResponses(400, 401, 403, 410),
        },
      },
    },
    async (request): Promise<AccountSummary> => {
      const session = requireSession(request);
      const input = await validateBody(emailConfirmationSchema, request.body);
      const client = requireClient(request);
      const now = clock();
      const account = session.account;
      // Only the signed-in holder's own link, for the e-mail the account has now.
      if (!(await isLiveConfirmation(db, account, input.token, now))) {
        audit(request, 'email_confirmation', { outcome: 'failure', accountId: account.id, reason: 'token_invalid' });
        throw confirmationLinkInvalid();
      }
      // Conditional on the e-mail checked, and keeping the first proof: opening the link twice is harmless.
      const updated = await db.transaction(async (tx) => {
        const [confirmed] = await tx
          .update(accounts)
          .set({ emailVerifiedAt: account.emailVerifiedAt ?? now, updatedAt: now })
          .where(and(eq(accounts.id, account.id), eq(accounts.email, account.email!)))
          .returning();
        // The e-mail an owner typed when authorising this person, proven now (decision 038).
        if (confirmed) await attachProvenAccount(tx, client, confirmed, now, config);
        return confirmed;
      });
      if (!updated) throw confirmationLinkInvalid();
      audit(request, 'email_confirmation', { outcome: 'success', accountId: account.id });
      return toAccountSummary(updated, client, now);
    },
  );

  api.post(
    '/me/password',
    {
      schema: {
        operationId: 'changePassword',
        summary: 'Change the password; ends every other session',
        tags: ['account'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        body: bodyFrom(changePasswordSchema),
        response: { 204: { description: 'Changed', type: 'null' }, ...problemResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const input = await validateBody(changePasswordSchema, request.body);
      const client = requireClient(request);
      const now = clock();
      await confirmPassword(request, session.account, input.currentPassword, 'currentPassword', now);
      refuseWeakPassword(input.newPassword, 'newPassword', { person: session.account, client });
      const passwordHash = await passwordHasher.hash(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(accounts).set({ passwordHash, updatedAt: now }).where(eq(accounts.id, session.accountId));
        await endAccountSessions(tx, session.accountId, request.sid!);
        await createNotification(
          tx,
          {
            clientId: client.id,
            accountId: session.accountId,
            type: 'security',
            ...notificationTexts.passwordChanged(),
          },
          now,
        );
        const email = provenEmail(session.account);
        if (email) {
          await enqueueMessage(
            tx,
            {
              clientId: client.id,
              accountId: session.accountId,
              channel: 'email',
              destination: email,
              ...passwordChangedMessage(client.title),
            },
            now,
            config,
          );
        }
      });
      // The new password forgets every known browser but this one.
      const deviceId = knownDeviceId(request, config.sessionSecret, session.account, now);
      rememberDevice(reply, config.sessionSecret, { ...session.account, passwordHash }, deviceId, now);
      audit(request, 'password_changed', { outcome: 'success', accountId: session.accountId });
      return reply.code(204).send();
    },
  );

  api.delete(
    '/me',
    {
      schema: {
        operationId: 'deleteAccount',
        summary: 'Delete the account: personal data anonymised, sessions ended',
        description:
          'Refused (409 outing_at_sea) while an outing the account logged, or one on its boats, is still at sea or overdue.',
        tags: ['account'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        body: bodyFrom(deleteAccountSchema),
        response: {
          204: { description: 'Deleted; cookies replaced by anonymous ones', type: 'null' },
          ...problemResponses(400, 401, 403, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const input = await validateBody(deleteAccountSchema, request.body);
      const now = clock();
      await confirmPassword(request, session.account, input.password, 'password', now);
      const accountId = session.accountId;
      // Every table that holds the person's data is in the registry (db/personal-data.ts).
      // The launch places the account held go to who waits for them, as when a launch is cancelled.
      await db.transaction(async (tx) => {
        await refuseWhileAtSea(tx, accountId);
        // The authorisations this person holds end first, with their launches, and each owner is told (decision 038).
        await endAuthorisationsOf(tx, { client: requireClient(request), now, config }, accountId);
        await eraseAccountData(tx, accountId, { now, promoteWaiting: waitingPromoter(directory, config, now) });
      });
      replaceWithAnonymousSession(reply, config.sessionSecret);
      audit(request, 'account_deleted', { outcome: 'success', accountId });
      return reply.code(204).send();
    },
  );
};
