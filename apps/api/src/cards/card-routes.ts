/**
 * The card at the gate (docs/product.md §4.10, decision 028): the holder reads their card (made on the first
 * read) with the secret their phone computes the QR's codes from, and may re-issue it; anyone may check a
 * card with the code its QR carries, limited per IP address and per card, and learns only what `CardCheck`
 * holds. A staff member signed in at the marina checks without those two limits, under one of their own
 * (decision 040).
 */
import type { Card, CardCheck } from '@marina/core/domain/cards.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import { audit } from '../http/audit.ts';
import { problem, problemResponses } from '../http/problem.ts';
import {
  CARD_CHECKS_PER_CARD,
  CARD_CHECKS_PER_IP,
  CARD_CHECKS_PER_STAFF,
  type WindowLimit,
} from '../security/limits.ts';
import { takeSlot, throttleKeys } from '../security/rate-limits.ts';
import type { Services } from '../services.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { cardOfAccount, checkCard, reissueCard, toCard } from './card-views.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';

const minutes = (limit: WindowLimit) => limit.windowMs / 60_000;

/** What the holder's two calls share: the signed-in customer's card back, never cached. */
const holderSchema = {
  tags: ['cards'],
  headers: clientHeaderSchema,
  security: [{ session: [] }],
  response: {
    200: { description: "The holder's card, with the code's secret (never cached: no-store)", $ref: 'Card#' },
    ...problemResponses(400, 401, 404),
  },
};

export const cardRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock } = services;

  /** The signed-in customer; staff have no card (404, as for anything that is not theirs). */
  function holder(request: FastifyRequest) {
    const session = requireSession(request);
    if (session.account.role !== 'customer') throw problem('not_found', 404, problemDetails.no_card);
    return session.account;
  }

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  /**
   * The holder's card as `cardOf` reads or writes it at this marina (audited as `event` when given), never
   * cached: the answer carries the secret of the QR's codes.
   */
  async function holderCard(
    request: FastifyRequest,
    reply: FastifyReply,
    cardOf: typeof cardOfAccount,
    event?: string,
  ): Promise<Card> {
    const account = holder(request);
    const client = requireClient(request);
    const now = clock();
    const row = await cardOf(db, client.id, account.id, now);
    if (event) audit(request, event, { outcome: 'success', accountId: account.id });
    noStore(reply);
    return toCard(db, client, account, row, now);
  }

  api.get(
    '/card',
    {
      schema: {
        operationId: 'getCard',
        summary:
          "The signed-in customer's card: holder, role, marina, boats, valid-until, live verdict, and the secret of the QR's codes",
        description:
          'Made on the first call (one per account, however many calls arrive at once). Green when the holder may use at least one boat ' +
          'the card covers today (own boats by the eligibility rule, boats they are authorised on by the authorised-person rule); red ' +
          'otherwise with every reason, each with its fix. `code` is an RFC 6238 secret (SHA-1, 6 digits, 60 s): the phone computes ' +
          '`<app origin>/checkQR/<idTarjeta>?c=<code>` offline (cardCode, cardCheckUrl in @marina/core/domain/cards.ts). Cache-Control: no-store.',
        ...holderSchema,
      },
    },
    (request, reply) => holderCard(request, reply, cardOfAccount),
  );

  api.post(
    '/card/reissue',
    {
      schema: {
        operationId: 'reissueCard',
        summary:
          'Re-issue the card: a new idTarjeta and secret (the number stays); every earlier QR and code stops working at once',
        description: 'For a phone lost or a QR shared. No body. Answers the new card, like GET /card.',
        ...holderSchema,
      },
    },
    (request, reply) => holderCard(request, reply, reissueCard, 'card_reissued'),
  );

  api.get<{ Params: { idTarjeta: string }; Querystring: { c?: string } }>(
    '/cards/:idTarjeta/check',
    {
      schema: {
        operationId: 'checkCard',
        summary:
          'Check a card (public, no session): valid or not and why, first name and surname initial, role, boats, valid-until, time',
        description:
          'What the QR leads to (`checkQR/:idTarjeta?c=`). `{idTarjeta}` is the card id, or its 8-digit number as typed by hand; `c` the ' +
          'code of the QR (or shown under it). Only the code of the current 60 s step or of the previous one passes. A missing, stale or ' +
          'wrong code, an unknown card and another marina’s card all answer 200 with the same shape: `codeStale: true`, `valid: false`, ' +
          'reason `code_stale`, no holder. No session needed. Anonymous checks are limited per IP address ' +
          `(${CARD_CHECKS_PER_IP.max} in ${minutes(CARD_CHECKS_PER_IP)} min) and per card, all addresses together (${CARD_CHECKS_PER_CARD.max} ` +
          `in ${minutes(CARD_CHECKS_PER_CARD)} min); with the session of a staff member of the marina (the gate’s phone signed in) ` +
          `neither applies, and each staff member has ${CARD_CHECKS_PER_STAFF.max} in ${minutes(CARD_CHECKS_PER_STAFF)} min. Past a limit, 429 ` +
          'with Retry-After.',
        tags: ['cards'],
        headers: clientHeaderSchema,
        params: {
          type: 'object',
          properties: {
            idTarjeta: {
              type: 'string',
              maxLength: 64,
              description: 'idTarjeta (22 characters) or the card number (8 digits)',
            },
          },
          required: ['idTarjeta'],
        },
        querystring: {
          type: 'object',
          properties: { c: { type: 'string', maxLength: 64, description: 'The 6-digit code of the QR' } },
        },
        // Anonymous (the gate, anyone with the QR), or a staff member's session, which lifts the anonymous limits.
        security: [{}, { session: [] }],
        response: { 200: { description: 'The check', $ref: 'CardCheck#' }, ...problemResponses(400, 429) },
      },
    },
    async (request, reply): Promise<CardCheck> => {
      const client = requireClient(request);
      const now = clock();
      // The session is only found at its own marina, so `staff` is this marina's staff; anyone else is anonymous.
      const staff = request.session?.account.role === 'staff' ? request.session.account : null;
      if (staff) await takeSlot(db, throttleKeys.cardCheckStaff(client.id, staff.id), CARD_CHECKS_PER_STAFF, now);
      else await takeSlot(db, throttleKeys.cardCheckIp(request.ip), CARD_CHECKS_PER_IP, now);
      const perCard = staff
        ? undefined
        : (card: string) => takeSlot(db, throttleKeys.cardCheckCard(client.id, card), CARD_CHECKS_PER_CARD, now);
      const answer = await checkCard(db, client, request.params.idTarjeta, request.query.c ?? '', now, perCard);
      const reason = answer.codeStale ? 'code_stale' : answer.valid ? 'valid' : 'not_valid';
      audit(request, 'card_check', {
        outcome: answer.codeStale ? 'failure' : 'success',
        reason,
        accountId: staff?.id ?? null,
      });
      noStore(reply);
      return answer;
    },
  );
};
