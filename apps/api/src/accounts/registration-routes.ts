/**
 * Registration (docs/product.md §4.2): `registro` → `validar-registro` (a code by SMS or e-mail) → `activar`
 * (password, terms; also reached from the e-mailed link) → signed in.
 *
 * No enumeration: registering with the e-mail or document of an existing account answers exactly like a
 * new registration, sends no code, and tells the holder instead (at a proven e-mail); its registrationId
 * can never validate.
 *
 * No squatting (docs/decisions/009): an unfinished registration holding that e-mail or document is
 * replaced only by the same person (a code to the same destination) or once abandoned (no live code or
 * activation link); anyone else gets the same decoy answer and leaves it intact.
 */
import { activationSchema, codeSchema, registrationSchema } from '@marina/core/domain/account-rules.ts';
import type {
  ActivationInfo,
  RegistrationStarted,
  RegistrationValidated,
  SessionInfo,
} from '@marina/core/domain/accounts.ts';
import { paths } from '@marina/core/domain/app-paths.ts';
import { maskEmail, maskPhone } from '@marina/core/domain/contact.ts';
import { codeChannelFor } from '@marina/core/domain/platform.ts';
import { and, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { attachProvenAccount } from '../authorisations/authorisation-person.ts';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import { appLink } from '../config.ts';
import type { Executor } from '../db/database.ts';
import {
  accounts,
  activationTokens,
  verificationCodes,
  type AccountRow,
  type VerificationCodeRow,
} from './accounts.schema.ts';
import { audit } from '../http/audit.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import { createNotification } from '../notifications/notifications.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import { refuseSmsCountry } from '../outbox/sms-countries.ts';
import { idempotentHeadersSchema } from '../security/idempotency.ts';
import { ACTIVATION_TOKEN_TTL_MS, REGISTRATIONS_PER_IP } from '../security/limits.ts';
import { takeSlot, throttleKeys } from '../security/rate-limits.ts';
import { randomToken, sha256 } from '../security/secrets.ts';
import type { Services } from '../services.ts';
import { setSessionCookies } from '../sessions/session-cookies.ts';
import { createSession, endSession } from '../sessions/session-store.ts';
import { isUniqueViolation } from '../db/database-errors.ts';
import { sessionInfo } from './account-summary.ts';
import { provenEmail, sendEmailConfirmation } from './email-confirmations.ts';
import { activationLinkMessage, notificationTexts, registrationAttemptMessage } from './messages.ts';
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
import { errorMessages } from '@marina/core/messages/error-messages.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';

const ACTIVATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

function registrationStarted(verification: VerificationCodeRow): RegistrationStarted {
  const destination = verification.destination!;
  return {
    registrationId: verification.id,
    channel: verification.channel,
    destination: verification.channel === 'sms' ? maskPhone(destination) : maskEmail(destination),
    ...codeTimes(verification),
  };
}

/**
 * Whether any of these unfinished registrations is still being completed: a registration code or an
 * activation link still alive. One that has neither was abandoned and may be taken over.
 */
async function anyInProgress(tx: Executor, accountIds: string[], now: Date): Promise<boolean> {
  if (accountIds.length === 0) return false;
  const [code] = await tx
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        inArray(verificationCodes.accountId, accountIds),
        eq(verificationCodes.purpose, 'registration'),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .limit(1);
  if (code) return true;
  const [link] = await tx
    .select({ accountId: activationTokens.accountId })
    .from(activationTokens)
    .where(
      and(
        inArray(activationTokens.accountId, accountIds),
        isNull(activationTokens.usedAt),
        gt(activationTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return link !== undefined;
}

export const registrationRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, config, clock } = services;

  api.post(
    '/registrations',
    {
      config: {
        // The answer's masked destination is not kept: a replay reads it again from the registration.
        idempotent: {
          keep: (answer) => ({ registrationId: (answer as RegistrationStarted).registrationId }),
          replay: async (request, kept) => {
            const [verification] = await db
              .select()
              .from(verificationCodes)
              .where(
                and(
                  eq(verificationCodes.id, (kept as { registrationId: string }).registrationId),
                  eq(verificationCodes.clientId, requireClient(request).id),
                  eq(verificationCodes.purpose, 'registration'),
                ),
              )
              .limit(1);
            if (!verification) throw problem('not_found', 404, 'Este registro ya no existe. Vuelve a empezar.');
            return registrationStarted(verification);
          },
        },
      },
      schema: {
        operationId: 'startRegistration',
        summary: 'Start a registration: a code goes to the phone (SMS marinas) or the e-mail',
        tags: ['accounts'],
        headers: idempotentHeadersSchema,
        body: bodyFrom(registrationSchema),
        security: [],
        response: {
          202: {
            description: 'A code is on its way (the same answer when the data belong to an existing account)',
            $ref: 'RegistrationStarted#',
          },
          ...problemResponses(400, 403, 409, 415, 422, 429),
        },
      },
    },
    async (request, reply): Promise<RegistrationStarted> => {
      const input = await validateBody(registrationSchema, request.body);
      const client = requireClient(request);
      const now = clock();
      // The code and every notice go to this mobile by SMS: only of a country the marina sends SMS to.
      if (client.sendsSms) refuseSmsCountry(client, input.phone);
      const channel = codeChannelFor(client.sendsSms);
      const destination = channel === 'sms' ? input.phone : input.email;

      const start = () =>
        db.transaction(async (tx) => {
          await countCodeRequest(tx, 'registration', client.id, destination, now);
          await takeSlot(tx, throttleKeys.registrationIp(request.ip), REGISTRATIONS_PER_IP, now);
          const matches = await tx
            .select()
            .from(accounts)
            .where(
              and(
                eq(accounts.clientId, client.id),
                ne(accounts.status, 'deleted'),
                or(eq(accounts.email, input.email), eq(accounts.document, input.document)),
              ),
            )
            .for('update');

          const holders = matches.filter((account) => account.status === 'active' || account.status === 'suspended');
          // Someone else's unfinished registration (its code went elsewhere) is left alone while in progress.
          const othersPending = matches.filter(
            (account) =>
              !holders.includes(account) && (channel === 'sms' ? account.phone : account.email) !== destination,
          );
          const inProgress = await anyInProgress(
            tx,
            othersPending.map((account) => account.id),
            now,
          );
          if (holders.length > 0 || inProgress) {
            for (const holder of holders) {
              // Only at a proven address: an unproven one may be the very person whose data were taken.
              const email = provenEmail(holder);
              if (!email) continue;
              await enqueueMessage(
                tx,
                {
                  clientId: client.id,
                  accountId: holder.id,
                  channel: 'email',
                  destination: email,
                  ...registrationAttemptMessage(client.title),
                },
                now,
                config,
              );
            }
            const decoy = await issueCode(
              tx,
              {
                clientId: client.id,
                accountId: null,
                purpose: 'registration',
                channel,
                destination,
                typed: destination,
                decoy: true,
              },
              now,
            );
            return { ...decoy, accountId: null };
          }

          // Unfinished registrations of the same person, or abandoned ones: the newest data win, in one row.
          const [keep, ...stale] = [...matches].sort(
            (a, b) => Number(b.email === input.email) - Number(a.email === input.email),
          );
          if (stale.length > 0)
            await tx.delete(accounts).where(
              inArray(
                accounts.id,
                stale.map((account) => account.id),
              ),
            );
          const data = {
            status: 'registered' as const,
            firstName: input.firstName,
            surnames: input.surnames,
            email: input.email,
            phone: input.phone,
            document: input.document,
            emailVerifiedAt: null,
            phoneVerifiedAt: null,
            privacyAcceptedAt: now,
            updatedAt: now,
          };
          let account: AccountRow;
          if (keep) {
            await tx
              .delete(verificationCodes)
              .where(and(eq(verificationCodes.accountId, keep.id), eq(verificationCodes.purpose, 'registration')));
            await tx.delete(activationTokens).where(eq(activationTokens.accountId, keep.id));
            [account] = (await tx.update(accounts).set(data).where(eq(accounts.id, keep.id)).returning()) as [
              AccountRow,
            ];
          } else {
            [account] = (await tx
              .insert(accounts)
              .values({ ...data, clientId: client.id, createdAt: now })
              .returning()) as [AccountRow];
          }
          const issued = await issueCode(
            tx,
            {
              clientId: client.id,
              accountId: account.id,
              purpose: 'registration',
              channel,
              destination,
              typed: destination,
            },
            now,
          );
          await sendFlowCode(tx, client, issued, now, config);
          return { ...issued, accountId: account.id };
        });

      let started: Awaited<ReturnType<typeof start>>;
      try {
        started = await start();
      } catch (error) {
        // Two registrations racing for one e-mail or document: the second sees the first's row on retry.
        if (!isUniqueViolation(error)) throw error;
        started = await start();
      }
      audit(request, 'registration_started', { outcome: 'success', accountId: started.accountId });
      return reply.code(202).send(registrationStarted(started.verification));
    },
  );

  api.post<{ Params: { registrationId: string } }>(
    '/registrations/:registrationId/resend',
    {
      schema: {
        operationId: 'resendRegistrationCode',
        summary: 'Send a new registration code (the previous one stops working)',
        tags: ['accounts'],
        headers: clientHeaderSchema,
        security: [],
        response: {
          202: { description: 'A new code is on its way', $ref: 'CodeSent#' },
          ...problemResponses(400, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const client = requireClient(request);
      const now = clock();
      const verification = await findVerification(db, {
        id: request.params.registrationId,
        clientId: client.id,
        purpose: 'registration',
      });
      const issued = await resendFlowCode(db, client, verification, now, config);
      const { registrationId: _id, ...sent } = registrationStarted(issued.verification);
      return reply.code(202).send(sent);
    },
  );

  api.post<{ Params: { registrationId: string } }>(
    '/registrations/:registrationId/validate',
    {
      schema: {
        operationId: 'validateRegistrationCode',
        summary: 'Check the registration code; answers the activation token (also e-mailed as a link)',
        tags: ['accounts'],
        headers: clientHeaderSchema,
        body: bodyFrom(codeSchema),
        security: [],
        response: {
          200: { description: 'Validated', $ref: 'RegistrationValidated#' },
          ...problemResponses(400, 403, 404, 410, 422, 429),
        },
      },
    },
    async (request): Promise<RegistrationValidated> => {
      const input = await validateBody(codeSchema, request.body);
      const client = requireClient(request);
      const now = clock();
      const verification = await findVerification(db, {
        id: request.params.registrationId,
        clientId: client.id,
        purpose: 'registration',
      });
      await checkCode(db, verification, input.code, now, (reason) =>
        audit(request, 'registration_code_check', { outcome: 'failure', accountId: verification.accountId, reason }),
      );
      const token = randomToken(32);
      const link = appLink(config, `${paths.activar}?token=${encodeURIComponent(token)}`);
      await db.transaction(async (tx) => {
        await markCodeUsed(tx, verification, input.code, now);
        const [account] = await tx
          .update(accounts)
          // The code went to the account's e-mail (e-mail marinas) or phone (SMS marinas): coming back, it proves it.
          .set({
            status: 'validated',
            updatedAt: now,
            ...(verification.channel === 'email' ? { emailVerifiedAt: now } : { phoneVerifiedAt: now }),
          })
          .where(and(eq(accounts.id, verification.accountId!), eq(accounts.status, 'registered')))
          .returning();
        if (!account) throw problem('not_found', 404, 'Este registro ya no existe. Vuelve a empezar.');
        await tx.delete(activationTokens).where(eq(activationTokens.accountId, account.id));
        await tx.insert(activationTokens).values({
          tokenHash: sha256(token),
          clientId: client.id,
          accountId: account.id,
          expiresAt: new Date(now.getTime() + ACTIVATION_TOKEN_TTL_MS),
          createdAt: now,
        });
        await enqueueMessage(
          tx,
          {
            clientId: client.id,
            accountId: account.id,
            channel: 'email',
            destination: account.email!,
            ...activationLinkMessage(client.title, account.firstName, link),
          },
          now,
          config,
        );
      });
      audit(request, 'registration_code_check', { outcome: 'success', accountId: verification.accountId });
      return { activationToken: token };
    },
  );

  /** The validated account behind a live activation token, or a problem that says nothing more. */
  async function accountForToken(clientId: number, token: string, now: Date): Promise<AccountRow> {
    if (ACTIVATION_TOKEN.test(token)) {
      const [row] = await db
        .select({ account: accounts })
        .from(activationTokens)
        .innerJoin(accounts, eq(accounts.id, activationTokens.accountId))
        .where(
          and(
            eq(activationTokens.tokenHash, sha256(token)),
            eq(activationTokens.clientId, clientId),
            isNull(activationTokens.usedAt),
            gt(activationTokens.expiresAt, now),
            eq(accounts.status, 'validated'),
          ),
        )
        .limit(1);
      if (row) return row.account;
    }
    throw problem('token_invalid', 410, problemDetails.activation_link_invalid);
  }

  api.get<{ Params: { token: string } }>(
    '/activations/:token',
    {
      schema: {
        operationId: 'getActivation',
        summary: 'Who an activation link is for, to greet them',
        tags: ['accounts'],
        headers: clientHeaderSchema,
        security: [],
        response: {
          200: { description: 'A live activation link', $ref: 'ActivationInfo#' },
          ...problemResponses(400, 410),
        },
      },
    },
    async (request): Promise<ActivationInfo> => {
      const account = await accountForToken(requireClient(request).id, request.params.token, clock());
      return { firstName: account.firstName, email: maskEmail(account.email ?? '') };
    },
  );

  api.post(
    '/activations',
    {
      config: {
        // The first answer signed in with a cookie a replay cannot give again (only the session id's hash
        // is stored), and holds personal data: keep nothing and send the person to sign in.
        idempotent: {
          keep: () => null,
          replay: async () => {
            throw problem('account_already_active', 409, errorMessages.account_already_active);
          },
        },
      },
      schema: {
        operationId: 'activateAccount',
        summary: 'Activate: choose the password, accept the terms; signs in',
        tags: ['accounts'],
        headers: idempotentHeadersSchema,
        body: bodyFrom(activationSchema),
        security: [],
        response: {
          200: { description: 'Active and signed in', $ref: 'SessionInfo#' },
          ...problemResponses(400, 403, 409, 410, 422),
        },
      },
    },
    async (request, reply): Promise<SessionInfo> => {
      const input = await validateBody(activationSchema, request.body);
      const client = requireClient(request);
      const now = clock();
      const pending = await accountForToken(client.id, input.token, now);
      refuseWeakPassword(input.password, 'password', { person: pending, client });
      const passwordHash = await passwordHasher.hash(input.password);

      const { account, sid } = await db.transaction(async (tx) => {
        const used = await tx
          .update(activationTokens)
          .set({ usedAt: now })
          .where(and(eq(activationTokens.tokenHash, sha256(input.token)), isNull(activationTokens.usedAt)))
          .returning({ accountId: activationTokens.accountId });
        if (used.length !== 1) throw problem('token_invalid', 410, problemDetails.activation_link_used);
        const [activated] = await tx
          .update(accounts)
          .set({ status: 'active', passwordHash, termsAcceptedAt: now, activatedAt: now, updatedAt: now })
          .where(and(eq(accounts.id, pending.id), eq(accounts.status, 'validated')))
          .returning();
        if (!activated) throw problem('token_invalid', 410, 'Esta cuenta ya no se puede activar con este enlace.');
        await createNotification(
          tx,
          { clientId: client.id, accountId: activated.id, type: 'welcome', ...notificationTexts.welcome(client.title) },
          now,
        );
        // Live now, with the contact its code proved: the authorisations that named it are its (decision 038).
        await attachProvenAccount(tx, client, activated, now, config);
        // SMS marinas: nothing has gone to the e-mail yet; a link proves it (not throttled: it happens once).
        if (activated.emailVerifiedAt === null && activated.email !== null) {
          await sendEmailConfirmation(tx, { client, account: { ...activated, email: activated.email }, config, now });
        }
        await endSession(tx, request.sid);
        return {
          account: activated,
          sid: await createSession(tx, { clientId: client.id, accountId: activated.id, now }),
        };
      });
      setSessionCookies(reply, config.sessionSecret, sid, { signedIn: true });
      audit(request, 'account_activated', { outcome: 'success', accountId: account.id });
      return sessionInfo(db, account, client, now);
    },
  );
};
