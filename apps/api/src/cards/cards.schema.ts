/**
 * The card at the gate (docs/product.md §4.10, decision 028): one per customer account, made on its first
 * `GET /card` (`account_id` is unique, so parallel first calls make one). `card_id` is the public
 * `idTarjeta` (128 random bits); `number` the short one typed by hand, unique at the marina; `secret` the
 * RFC 6238 key the holder's phone computes the QR's codes from. The secret is stored as it is, not hashed,
 * because it is handed back to the holder on every `GET /card`, and the server has no encryption at rest
 * for columns (decision 028); a re-issue replaces it and the id.
 */
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from '../accounts/accounts.schema.ts';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at, timestamps } from '../db/columns.ts';
import { registerPersonalData } from '../db/personal-data.ts';

export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    accountId: accountIdColumn().notNull(),
    /** `idTarjeta`: base64url of 16 random bytes. */
    cardId: text('card_id').notNull(),
    /** 8 digits, random, unique at the marina; kept by a re-issue. */
    number: text('number').notNull(),
    /** Base32 RFC 6238 key (160 bits). */
    secret: text('secret').notNull(),
    issuedAt: at('issued_at').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('cards_account_key').on(table.accountId),
    uniqueIndex('cards_card_id_key').on(table.cardId),
    uniqueIndex('cards_client_number_key').on(table.clientId, table.number),
  ],
);

/** A card is its holder's: it goes with the account. */
registerPersonalData({ table: cards, accountColumn: cards.accountId, erase: 'delete' });

export type CardRow = typeof cards.$inferSelect;
