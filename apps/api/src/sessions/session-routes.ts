import { signInSchema } from '@marina/core/domain/account-rules.ts';
import type { SessionInfo } from '@marina/core/domain/accounts.ts';
import type { FastifyPluginAsync } from 'fastify';
import { findAccountByIdentifier, normalizeIdentifier } from '../accounts/account-queries.ts';
import { sessionInfo } from '../accounts/account-summary.ts';
import { passwordHasher } from '../accounts/passwords.ts';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import { audit } from '../http/audit.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import { passwordWasRight, reserveSignIn } from '../security/password-attempts.ts';
import type { Services } from '../services.ts';
import { knownDeviceId, rememberDevice } from './known-device.ts';
import { replaceWithAnonymousSession, setSessionCookies } from './session-cookies.ts';
import { requireSession } from './session-lookup.ts';
import { createSession, endAccountSessions, endSession } from './session-store.ts';
import { errorMessages } from '@marina/core/messages/error-messages.ts';
import { problemDetails, type InactiveStatus } from '@marina/core/messages/problem-details.ts';

export const sessionRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, config, clock } = services;

  api.get(
    '/session',
    {
      schema: {
        operationId: 'getSession',
        summary: 'The signed-in account of this marina (and the CSRF cookies, signed in or not)',
        tags: ['sessions'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: { 200: { description: 'Signed in', $ref: 'SessionInfo#' }, ...problemResponses(400, 401) },
      },
    },
    async (request): Promise<SessionInfo> => {
      const session = requireSession(request);
      return sessionInfo(db, session.account, requireClient(request), clock());
    },
  );

  api.post(
    '/session',
    {
      schema: {
        operationId: 'signIn',
        summary: 'Sign in with e-mail or document and password',
        tags: ['sessions'],
        headers: clientHeaderSchema,
        body: bodyFrom(signInSchema),
        security: [],
        response: {
          200: { description: 'Signed in: new session cookies', $ref: 'SessionInfo#' },
          ...problemResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply): Promise<SessionInfo> => {
      const input = await validateBody(signInSchema, request.body);
      const client = requireClient(request);
      const now = clock();
      const account = await findAccountByIdentifier(db, client.id, input.identifier);
      const deviceId = knownDeviceId(request, config.sessionSecret, account, now);
      // Counted before the password is compared; unknown identifiers exactly like accounts (decision 008).
      const attempt = await reserveSignIn(
        db,
        {
          clientId: client.id,
          ip: request.ip,
          identifier: normalizeIdentifier(input.identifier).value,
          knownDevice: account && deviceId ? { accountId: account.id, deviceId } : null,
        },
        now,
      );

      // One argon2 verification whether or not the account exists: equal work, equal timing.
      const passwordOk = await passwordHasher.check(account?.passwordHash, input.password);
      if (!account || !passwordOk) {
        audit(request, 'sign_in', {
          outcome: 'failure',
          accountId: account?.id,
          reason: account ? 'wrong_password' : 'unknown_account',
        });
        throw problem('invalid_credentials', 401, errorMessages.invalid_credentials);
      }
      if (account.status !== 'active') {
        await passwordWasRight(db, attempt);
        audit(request, 'sign_in', { outcome: 'failure', accountId: account.id, reason: `account_${account.status}` });
        throw problem(
          'account_not_active',
          403,
          problemDetails.account_not_active({ status: account.status as InactiveStatus }),
        );
      }

      const sid = await db.transaction(async (tx) => {
        await passwordWasRight(tx, attempt);
        // A new id at every sign-in: a sid planted before sign-in (session fixation) is worth nothing after.
        await endSession(tx, request.sid);
        return createSession(tx, { clientId: client.id, accountId: account.id, now });
      });
      setSessionCookies(reply, config.sessionSecret, sid, { signedIn: true });
      rememberDevice(reply, config.sessionSecret, account, deviceId, now);
      audit(request, 'sign_in', { outcome: 'success', accountId: account.id });
      return sessionInfo(db, account, client, now);
    },
  );

  api.delete(
    '/session',
    {
      schema: {
        operationId: 'signOut',
        summary: 'Sign out: ends this session',
        tags: ['sessions'],
        headers: clientHeaderSchema,
        // Ends the session the cookie names, if any: without one it still answers 204 with fresh cookies.
        security: [{ session: [] }, {}],
        response: {
          204: { description: 'Signed out; a new anonymous sid and XSRF token are set', type: 'null' },
          ...problemResponses(400, 403),
        },
      },
    },
    async (request, reply) => {
      await endSession(db, request.sid);
      replaceWithAnonymousSession(reply, config.sessionSecret);
      audit(request, 'sign_out', { outcome: 'success', accountId: request.session?.accountId });
      return reply.code(204).send();
    },
  );

  api.post(
    '/session/revoke-all',
    {
      schema: {
        operationId: 'signOutEverywhere',
        summary: 'Sign out everywhere: ends every session of the account, this one included',
        tags: ['sessions'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: { 204: { description: 'Every session ended', type: 'null' }, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      await endAccountSessions(db, session.accountId);
      replaceWithAnonymousSession(reply, config.sessionSecret);
      audit(request, 'sessions_revoked', { outcome: 'success', accountId: session.accountId });
      return reply.code(204).send();
    },
  );
};
