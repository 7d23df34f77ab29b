/** Helpers for authorised-person tests: the owner's form body, and a person with an account of their own. */
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { latestCode, newPerson } from './accounts.ts';
import { ZONES } from './boats.ts';
import { eligibleOwner, type Owner } from './launches.ts';
import type { Agent } from './test-agent.ts';

/** The body of `POST /authorisations` for a new person, from today for a year, with a licence that covers it. */
export function authorisationBody(
  clientId: number,
  boatIds: string[],
  overrides: Record<string, unknown> = {},
  now = new Date(),
) {
  const today = todayIn(ZONES[clientId]!, now);
  const person = newPerson({ firstName: 'Marta', surnames: 'Ruiz Soler' });
  return {
    firstName: person.firstName,
    surnames: person.surnames,
    document: person.document,
    phone: person.phone,
    email: person.email,
    licence: { type: 'per', number: `PER-${person.document.slice(0, 6)}`, expiresOn: addDays(today, 800) },
    boatIds,
    validFrom: today,
    validTo: addDays(today, 365),
    ...overrides,
  };
}

/**
 * A customer with an account (and no boats) who may be authorised: an authorisation attaches to it when it names
 * its document and a contact it has proven (its e-mail, confirmed; decision 038), as `invitedAs` writes them.
 */
export async function personWithAccount(
  app: FastifyInstance,
  db: Db,
  clientId: number,
  now = new Date(),
): Promise<Owner & { document: string }> {
  const person = await eligibleOwner(app, db, clientId, { boatCount: 0, now });
  const [row] = await db
    .select({ document: accounts.document })
    .from(accounts)
    .where(eq(accounts.id, person.accountId));
  return { ...person, document: row!.document! };
}

/** What an owner types to authorise this person so that the authorisation reaches their account: their document and contact. */
export function invitedAs(person: { document: string; phone: string; email: string }) {
  return { document: person.document, phone: person.phone, email: person.email };
}

/** Adds an authorisation and validates it with the code sent to the person (SMS marinas: their phone). */
export async function activeAuthorisation(
  app: FastifyInstance,
  owner: Agent,
  body: ReturnType<typeof authorisationBody>,
  sms = true,
) {
  const created = await owner.post('/authorisations', body);
  expect(created.statusCode, created.body).toBe(201);
  const code = await latestCode(app, sms ? body.phone : body.email);
  const validated = await owner.post(`/authorisations/${created.json().id}/validate`, { code });
  expect(validated.statusCode, validated.body).toBe(200);
  return validated.json();
}
