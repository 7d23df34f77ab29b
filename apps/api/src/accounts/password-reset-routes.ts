/**
 * Password recovery (`forgot`, docs/product.md §4.2): e-mail or document → a code by SMS or e-mail → new password.
 * The answers never reveal whether the account exists: an unknown one gets a decoy resetId that answers,
 * throttles and expires like a real one, and no message leaves.
 *
 * Only a proven e-mail recovers an account (docs/decisions/009): asked for by an e-mail nobody has
 * confirmed, or on an e-mail marina whose account's e-mail is unproven, the answer is the decoy's.
 */
import { resetCompleteSchema, resetRequestSchema } from '@marina/core/domain/account-rules.ts';
import type { ResetStarted } from '@marina/core/domain/accounts.ts';
import { codeChannelFor } from '@marina/core/domain/platform.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import { accounts } from './accounts.schema.ts';
import { audit } from '../http/audit.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import { createNotification } from '../notifications/notifications.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import { idempotentHeadersSchema } from '../security/idempotency.ts';
import { RESET_REQUESTS_PER_IP } from '../security/limits.ts';
import { takeSlot, throttleKeys } from '../security/rate-limits.ts';
import { sha256 } from '../security/secrets.ts';
import type { Services } from '../services.ts';
import { rememberDevice } from '../sessions/known-device.ts';
import { endAccountSessions } from '../sessions/session-store.ts';
import { findAccountByIdentifier, normalizeIdentifier } from './account-queries.ts';
import { provenEmail } from './email-confirmations.ts';
import { notificationTexts, passwordChangedMessage } from './messages.ts';
import { passwordHasher, refuseWeakPassword } from './passwords.ts';
import {
  checkCode,
  codeTimes,
  countCodeRequest,
  findVerification,
  issueCode,
  markCodeUsed,
  resendFlowCode,
  sendFlowCode,
} from './verification-codes.ts';

export const passwordResetRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, config, clock } = services;

  api.post(
    '/password-resets',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Ask for a password reset code (the same answer whether or not the account exists)',
        tags: ['accounts'],
        headers: idempotentHeadersSchema,
        body: bodyFrom(resetRequestSchema),
        security: [],
        response: {
          202: { description: 'If the account exists, a code is on its way', $ref: 'ResetStarted#' },
          ...problemResponses(400, 403, 409, 422, 429),
        },
      },
    },
    async (request, reply): Promise<ResetStarted> => {
      const input = await validateBody(resetRequestSchema, request.body);
      const client = requireClient(request);
      const now = clock();
      const channel = codeChannelFor(client.sendsSms);
      const found = await findAccountByIdentifier(db, client.id, input.identifier);
      const typed = normalizeIdentifier(input.identifier);
      // Only an account with a password to reset gets a code; any other answer would tell that it exists.
      // Named by its e-mail, the e-mail must be proven: typing someone's address into a registration must
      // not later let the typist recover an account through it.
      const byUnprovenEmail = found !== undefined && typed.kind === 'email' && provenEmail(found) === null;
      const account =
        found && (found.status === 'active' || found.status === 'suspended') && !byUnprovenEmail ? found : undefined;
      const destination = account ? (channel === 'sms' ? account.phone : provenEmail(account)) : null;

      const issued = await db.transaction(async (tx) => {
        await takeSlot(tx, throttleKeys.resetIp(request.ip), RESET_REQUESTS_PER_IP, now);
        // Counted under what was typed, never under the account's phone or e-mail: the same answer for a
        // known and an unknown identifier, whatever else was sent to that phone (decision 008).
        await countCodeRequest(tx, 'password_reset', client.id, typed.value, now);
        if (!account || !destination) {
          // A decoy's "destination" is a hash of what was typed: its checks are throttled like real ones.
          const pseudo = `unknown:${sha256(typed.value)}`;
          return issueCode(
            tx,
            {
              clientId: client.id,
              accountId: null,
              purpose: 'password_reset',
              channel,
              destination: pseudo,
              typed: typed.value,
              decoy: true,
            },
            now,
          );
        }
        const real = await issueCode(
          tx,
          {
            clientId: client.id,
            accountId: account.id,
            purpose: 'password_reset',
            channel,
            destination,
            typed: typed.value,
          },
          now,
        );
        await sendFlowCode(tx, client, real, now, config);
        return real;
      });
      audit(request, 'password_reset_requested', { outcome: 'success', accountId: account?.id });
      return reply.code(202).send({ resetId: issued.verification.id, channel, ...codeTimes(issued.verification) });
    },
  );

  api.post<{ Params: { resetId: string } }>(
    '/password-resets/:resetId/resend',
    {
      schema: {
        operationId: 'resendPasswordResetCode',
        summary: 'Send a new reset code (the previous one stops working)',
        tags: ['accounts'],
        headers: clientHeaderSchema,
        security: [],
        response: {
          202: { description: 'If the account exists, a new code is on its way', $ref: 'ResetCodeSent#' },
          ...problemResponses(400, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const client = requireClient(request);
      const now = clock();
      const verification = await findVerification(db, {
        id: request.params.resetId,
        clientId: client.id,
        purpose: 'password_reset',
      });
      const issued = await resendFlowCode(db, client, verification, now, config);
      return reply.code(202).send({ channel: verification.channel, ...codeTimes(issued.verification) });
    },
  );

  api.post<{ Params: { resetId: string } }>(
    '/password-resets/:resetId/complete',
    {
      schema: {
        operationId: 'completePasswordReset',
        summary: 'Set the new password with the code; ends every session of the account',
        tags: ['accounts'],
        headers: clientHeaderSchema,
        body: bodyFrom(resetCompleteSchema),
        security: [],
        response: {
          204: { description: 'Password changed', type: 'null' },
          ...problemResponses(400, 403, 404, 410, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const input = await validateBody(resetCompleteSchema, request.body);
      const client = requireClient(request);
      const now = clock();
      const verification = await findVerification(db, {
        id: request.params.resetId,
        clientId: client.id,
        purpose: 'password_reset',
      });
      // Before the code, so a common password does not spend a try.
      refuseWeakPassword(input.password, 'password', { client });
      await checkCode(db, verification, input.code, now, (reason) =>
        audit(request, 'password_reset_code_check', { outcome: 'failure', accountId: verification.accountId, reason }),
      );
      const passwordHash = await passwordHasher.hash(input.password);
      const accountId = verification.accountId!;
      const account = await db.transaction(async (tx) => {
        await markCodeUsed(tx, verification, input.code, now);
        const [account] = await tx
          .update(accounts)
          .set({ passwordHash, updatedAt: now })
          .where(and(eq(accounts.id, accountId), eq(accounts.clientId, client.id)))
          .returning();
        if (!account || account.status === 'deleted') throw problem('not_found', 404, 'Esta cuenta ya no existe.');
        // Only once the code is proven: earlier, this answer would confirm the account's data to anyone.
        refuseWeakPassword(input.password, 'password', { person: account, client });
        // Whoever knew the old password is out.
        await endAccountSessions(tx, account.id);
        await createNotification(
          tx,
          { clientId: client.id, accountId: account.id, type: 'security', ...notificationTexts.passwordChanged() },
          now,
        );
        const email = provenEmail(account);
        if (email) {
          await enqueueMessage(
            tx,
            {
              clientId: client.id,
              accountId: account.id,
              channel: 'email',
              destination: email,
              ...passwordChangedMessage(client.title),
            },
            now,
            config,
          );
        }
        return account;
      });
      // Whoever proved the code holds the phone or e-mail: this browser is known to the account from now on,
      // so that sign-in limits filled by others cannot keep the owner out (decision 008).
      rememberDevice(reply, config.sessionSecret, account, null, now);
      audit(request, 'password_reset_completed', { outcome: 'success', accountId });
      return reply.code(204).send();
    },
  );
};
