/**
 * Password recovery (`forgot`, DESIGN §4): e-mail or document → a code by SMS or e-mail → new password.
 * The answers never reveal whether the account exists: an unknown one gets a decoy resetId that answers,
 * throttles and expires like a real one, and no message leaves.
 */
import { resetCompleteSchema, resetRequestSchema } from '@marina/core/domain/account-rules.ts';
import type { ResetStarted } from '@marina/core/domain/accounts.ts';
import { codeChannelFor } from '@marina/core/domain/platform.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import { accounts } from '../db/schema.ts';
import { audit } from '../http/audit.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { looseBody, validateBody } from '../http/validation.ts';
import { createNotification } from '../notifications/notifications.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import { idempotentHeadersSchema } from '../security/idempotency.ts';
import { RESET_REQUESTS_PER_IP } from '../security/limits.ts';
import { checkWindow, recordHit, throttleKeys } from '../security/rate-limits.ts';
import { sha256 } from '../security/secrets.ts';
import type { Services } from '../services.ts';
import { endAccountSessions } from '../sessions/session-store.ts';
import { findAccountByIdentifier, normalizeIdentifier } from './account-queries.ts';
import { codeMessage, notificationTexts, passwordChangedMessage } from './messages.ts';
import { passwordHasher, refuseWeakPassword } from './passwords.ts';
import { checkCode, codeTimes, countCodeSend, findVerification, issueCode, markCodeUsed, resendCode } from './verification-codes.ts';

const resetStartedProperties = {
  channel: { type: 'string', enum: ['sms', 'email'] },
  expiresAt: { type: 'string', format: 'date-time' },
  resendAvailableAt: { type: 'string', format: 'date-time' },
} as const;

export const passwordResetRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock } = services;

  api.post(
    '/password-resets',
    {
      config: { idempotent: true },
      schema: {
        summary: 'Ask for a password reset code (the same answer whether or not the account exists)',
        tags: ['accounts'],
        headers: idempotentHeadersSchema,
        body: looseBody({ identifier: 'string' }),
        response: {
          202: {
            description: 'If the account exists, a code is on its way',
            type: 'object',
            properties: { resetId: { type: 'string', format: 'uuid' }, ...resetStartedProperties },
            required: ['resetId', 'channel', 'expiresAt', 'resendAvailableAt'],
          },
          ...problemResponses(400, 403, 409, 422, 429),
        },
      },
    },
    async (request, reply): Promise<ResetStarted> => {
      const input = await validateBody(resetRequestSchema, request.body);
      const client = requireClient(request);
      const now = clock();
      const ipKey = throttleKeys.resetIp(request.ip);
      await checkWindow(db, ipKey, RESET_REQUESTS_PER_IP, now);
      const channel = codeChannelFor(client.id);
      const found = await findAccountByIdentifier(db, client.id, input.identifier);
      // Only an account with a password to reset gets a code; any other answer would tell that it exists.
      const account = found && (found.status === 'active' || found.status === 'suspended') ? found : undefined;
      const destination = account ? (channel === 'sms' ? account.phone : account.email) : null;

      const issued = await db.transaction(async (tx) => {
        if (!account || !destination) {
          // A decoy's "destination" is a hash of what was typed: its sends and checks are throttled like real ones.
          const pseudo = `unknown:${sha256(normalizeIdentifier(input.identifier).value)}`;
          await countCodeSend(tx, client.id, pseudo, now);
          await recordHit(tx, ipKey, now);
          return issueCode(tx, { clientId: client.id, accountId: null, purpose: 'password_reset', channel, destination: pseudo, decoy: true }, now);
        }
        await countCodeSend(tx, client.id, destination, now);
        await recordHit(tx, ipKey, now);
        const real = await issueCode(tx, { clientId: client.id, accountId: account.id, purpose: 'password_reset', channel, destination }, now);
        await enqueueMessage(
          tx,
          { clientId: client.id, accountId: account.id, channel, destination, code: real.code, ...codeMessage(client.title, 'password_reset', channel, real.code!) },
          now,
        );
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
        summary: 'Send a new reset code (the previous one stops working)',
        tags: ['accounts'],
        headers: clientHeaderSchema,
        response: {
          202: { description: 'If the account exists, a new code is on its way', type: 'object', properties: resetStartedProperties, required: ['channel', 'expiresAt', 'resendAvailableAt'] },
          ...problemResponses(400, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const client = requireClient(request);
      const now = clock();
      const verification = await findVerification(db, { id: request.params.resetId, clientId: client.id, purpose: 'password_reset' });
      const issued = await db.transaction(async (tx) => {
        const resent = await resendCode(tx, verification, verification.destination!, now);
        if (resent.code !== null) {
          await enqueueMessage(
            tx,
            {
              clientId: client.id,
              accountId: verification.accountId,
              channel: verification.channel,
              destination: verification.destination!,
              code: resent.code,
              ...codeMessage(client.title, 'password_reset', verification.channel, resent.code),
            },
            now,
          );
        }
        return resent;
      });
      return reply.code(202).send({ channel: verification.channel, ...codeTimes(issued.verification) });
    },
  );

  api.post<{ Params: { resetId: string } }>(
    '/password-resets/:resetId/complete',
    {
      schema: {
        summary: 'Set the new password with the code; ends every session of the account',
        tags: ['accounts'],
        headers: clientHeaderSchema,
        body: looseBody({ code: 'string', password: 'string' }),
        response: { 204: { description: 'Password changed', type: 'null' }, ...problemResponses(400, 403, 404, 410, 422, 429) },
      },
    },
    async (request, reply) => {
      const input = await validateBody(resetCompleteSchema, request.body);
      const client = requireClient(request);
      const now = clock();
      const verification = await findVerification(db, { id: request.params.resetId, clientId: client.id, purpose: 'password_reset' });
      // Before the code, so a common password does not spend a try.
      refuseWeakPassword(input.password, 'password', { client });
      await checkCode(db, verification, input.code, now, (reason) =>
        audit(request, 'password_reset_code_check', { outcome: 'failure', accountId: verification.accountId, reason }),
      );
      const passwordHash = await passwordHasher.hash(input.password);
      const accountId = verification.accountId!;
      await db.transaction(async (tx) => {
        await markCodeUsed(tx, verification, now);
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
        await createNotification(tx, { clientId: client.id, accountId: account.id, type: 'security', ...notificationTexts.passwordChanged() }, now);
        if (account.email) {
          await enqueueMessage(tx, { clientId: client.id, accountId: account.id, channel: 'email', destination: account.email, ...passwordChangedMessage(client.title) }, now);
        }
      });
      audit(request, 'password_reset_completed', { outcome: 'success', accountId });
      return reply.code(204).send();
    },
  );
};
