/**
 * Helpers for launch tests: owners with eligible boats written straight into the database and signed in with a
 * session of their own (registering through the API hashes a password per person, which would be most of a
 * burst test's time), and the bodies the app sends.
 */
import { contractEndsOn } from '@marina/core/domain/boats.ts';
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { instantAt } from '@marina/core/domain/launches.ts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SESSION_COOKIE } from '../config.ts';
import type { Db } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { boats, contracts } from '../boats/boats.schema.ts';
import { activeAccountValues } from '../db/seed.ts';
import { createSession } from '../sessions/session-store.ts';
import { newPerson } from './accounts.ts';
import { newBoat, ZONES } from './boats.ts';
import { createAgent, type Agent } from './test-agent.ts';

export interface Owner {
  agent: Agent;
  accountId: string;
  email: string;
  phone: string;
  boatIds: string[];
}

/** An active customer, data validated, with `boatCount` boats in the rack under active contracts and insurance. */
export async function eligibleOwner(
  app: FastifyInstance,
  db: Db,
  clientId: number,
  { boatCount = 1, now = new Date() }: { boatCount?: number; now?: Date } = {},
): Promise<Owner> {
  const today = todayIn(ZONES[clientId]!, now);
  const person = newPerson();
  const [account] = await db
    .insert(accounts)
    .values({
      ...activeAccountValues(clientId, 'customer', person, now),
      documentExpiresOn: addDays(today, 2000),
      licenceType: 'per',
      licenceNumber: `PER-${person.document.slice(0, 6)}`,
      licenceExpiresOn: addDays(today, 2000),
    })
    .returning({ id: accounts.id });
  const accountId = account!.id;
  const boatIds: string[] = [];
  for (let index = 0; index < boatCount; index++) {
    const [boat] = await db
      .insert(boats)
      .values({
        clientId,
        accountId,
        ...newBoat(),
        insurer: 'Mapfre',
        policyNumber: `POL-${index}`,
        insuranceExpiresOn: addDays(today, 400),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: boats.id });
    const startsOn = addDays(today, -30);
    await db.insert(contracts).values({
      clientId,
      boatId: boat!.id,
      plan: 'annual',
      status: 'active',
      startsOn,
      endsOn: contractEndsOn('annual', startsOn),
      requestedAt: now,
      decidedAt: now,
    });
    boatIds.push(boat!.id);
  }
  const agent = createAgent(app, clientId);
  agent.cookies.set(SESSION_COOKIE, await createSession(db, { clientId, accountId, now }));
  // The first call hands the agent the XSRF cookie bound to this session.
  expect((await agent.get('/session')).statusCode).toBe(200);
  return { agent, accountId, email: person.email, phone: person.phone, boatIds };
}

/** The instant of a local time at the marina, as the app sends it (ISO with the offset, from the slot grid). */
export function slotAt(clientId: number, date: string, time: string): string {
  return instantAt(date, time, ZONES[clientId]!).toISOString();
}

/** A request body for one boat in the slot at `time` on `date`, back two hours later. */
export function launchBody(
  clientId: number,
  boatId: string,
  date: string,
  time: string,
  overrides: Record<string, unknown> = {},
) {
  const start = instantAt(date, time, ZONES[clientId]!);
  return {
    boatId,
    slotStart: start.toISOString(),
    expectedReturn: new Date(start.getTime() + 2 * 3600_000).toISOString(),
    people: 2,
    ...overrides,
  };
}
