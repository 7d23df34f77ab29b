/**
 * The budgets of messages a signed-in person makes the marina send to an address they chose (decision 039,
 * docs/product.md §7.6): per account, per IP address and per marina (limits.ts). Before, only the destination
 * was counted, so an owner inviting and withdrawing, or changing their own phone, sent as many SMS as they
 * liked, each to a new number.
 *
 * Taken like every limit (rate-limits.ts, decision 008): a place in each budget, atomically, BEFORE the
 * message is written, in the caller's transaction, so a refused call, or one that fails later, leaves no
 * place taken. Callers take it after every other lock of the call except the destination's CODE_SENDS, so
 * the marina's key, which every such call of the marina takes, is held only for the last statements.
 */
import type { FastifyRequest } from 'fastify';
import { requireClient } from '../clients/client-resolution.ts';
import type { Executor } from '../db/database.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { CHOSEN_MESSAGES_PER_ACCOUNT, CHOSEN_MESSAGES_PER_IP, CHOSEN_MESSAGES_PER_MARINA } from './limits.ts';
import { rateLimited, throttleKeys, trySlot } from './rate-limits.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';

/** Who makes the marina send: their account, the address they call from, and the marina. */
export interface MessageSender {
  clientId: number;
  accountId: string;
  ip: string;
}

/** The signed-in person behind a request. */
export function messageSender(request: FastifyRequest): MessageSender {
  return { clientId: requireClient(request).id, accountId: requireSession(request).accountId, ip: request.ip };
}

/**
 * Takes one place per message in the account's, the address's and the marina's budgets, in that order (one
 * order for every caller, so two calls never wait on each other's keys), or refuses with 429 rate_limited and
 * Retry-After, saying whose budget is spent.
 */
export async function takeMessageBudget(db: Executor, sender: MessageSender, now: Date, messages = 1): Promise<void> {
  await db.transaction(async (tx) => {
    const budgets = [
      {
        key: throttleKeys.chosenMessagesAccount(sender.clientId, sender.accountId),
        limit: CHOSEN_MESSAGES_PER_ACCOUNT,
        detail: ACCOUNT_SPENT,
      },
      { key: throttleKeys.chosenMessagesIp(sender.ip), limit: CHOSEN_MESSAGES_PER_IP, detail: ADDRESS_SPENT },
      {
        key: throttleKeys.chosenMessagesMarina(sender.clientId),
        limit: CHOSEN_MESSAGES_PER_MARINA,
        detail: MARINA_SPENT,
      },
    ];
    for (const { key, limit, detail } of budgets) {
      for (let message = 0; message < messages; message++) {
        const slot = await trySlot(tx, key, limit, now);
        if (!slot.taken) throw rateLimited(slot.retryAfterMs, detail);
      }
    }
  });
}

const ACCOUNT_SPENT = problemDetails.account_messages_spent;
const ADDRESS_SPENT = problemDetails.address_messages_spent;
const MARINA_SPENT = problemDetails.marina_messages_spent;
