/**
 * Proving an e-mail (docs/decisions/009). On SMS marinas registration sends nothing to the e-mail, so it
 * is only what someone typed until a link sent to it comes back: after activation and on request
 * (micuenta's "Reenviar enlace"), a link to `micuenta?confirmar-email=<token>` goes there. Until then the
 * address recovers nothing: password resets and security notices go only to a proven e-mail.
 */
import { EMAIL_CONFIRMATION_PARAM } from '@marina/core/domain/accounts.ts';
import { paths } from '@marina/core/domain/app-paths.ts';
import { normalizeEmail } from '@marina/core/domain/contact.ts';
import { and, eq, gt } from 'drizzle-orm';
import type { ClientRecord } from '../clients/client-directory.ts';
import { appLink, type Config } from '../config.ts';
import type { Executor } from '../db/database.ts';
import { emailConfirmations, type AccountRow } from './accounts.schema.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import { ACTIVATION_TOKEN_TTL_MS } from '../security/limits.ts';
import { randomToken, sha256 } from '../security/secrets.ts';
import { emailConfirmationMessage } from './messages.ts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The account's e-mail if it is proven, else null: where anything that recovers the account may go. */
export function provenEmail(account: Pick<AccountRow, 'email' | 'emailVerifiedAt'>): string | null {
  return account.email !== null && account.emailVerifiedAt !== null ? account.email : null;
}

function emailHash(email: string): string {
  return sha256(normalizeEmail(email));
}

/**
 * Writes a confirmation link for the account's current e-mail and its message, in the caller's
 * transaction. Earlier links stay valid (each proves the same address) until they expire.
 */
export async function sendEmailConfirmation(
  tx: Executor,
  {
    client,
    account,
    config,
    now,
  }: { client: ClientRecord; account: AccountRow & { email: string }; config: Config; now: Date },
): Promise<void> {
  const token = randomToken(32);
  await tx.insert(emailConfirmations).values({
    tokenHash: sha256(token),
    clientId: client.id,
    accountId: account.id,
    emailHash: emailHash(account.email),
    // As long as every e-mailed link.
    expiresAt: new Date(now.getTime() + ACTIVATION_TOKEN_TTL_MS),
    createdAt: now,
  });
  const link = appLink(config, `${paths.micuenta}?${EMAIL_CONFIRMATION_PARAM}=${encodeURIComponent(token)}`);
  await enqueueMessage(
    tx,
    {
      clientId: client.id,
      accountId: account.id,
      channel: 'email',
      destination: account.email,
      ...emailConfirmationMessage(client.title, account.firstName, link),
    },
    now,
    config,
  );
}

/** Whether `token` is a live link of this account for the e-mail it has now (not one it had before). */
export async function isLiveConfirmation(
  db: Executor,
  account: AccountRow,
  token: string,
  now: Date,
): Promise<boolean> {
  if (!TOKEN.test(token) || account.email === null) return false;
  const [row] = await db
    .select({ tokenHash: emailConfirmations.tokenHash })
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.tokenHash, sha256(token)),
        eq(emailConfirmations.clientId, account.clientId),
        eq(emailConfirmations.accountId, account.id),
        eq(emailConfirmations.emailHash, emailHash(account.email)),
        gt(emailConfirmations.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}
