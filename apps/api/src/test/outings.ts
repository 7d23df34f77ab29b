/**
 * Helpers for outing tests: a boat whose launch of today lets it go out (written straight into the database,
 * as staff would have confirmed it or put it in the water), and the body the form sends.
 */
import { instantAt } from '@marina/core/domain/launches.ts';
import { todayIn } from '@marina/core/domain/calendar.ts';
import type { Db } from '../db/database.ts';
import { launches } from '../launches/launches.schema.ts';
import { ZONES } from './boats.ts';

/** Today's launch of a boat: `in_water` (slot an hour ago) or `confirmed` at `time` today, or another day's. */
export async function launchOf(
  db: Db,
  clientId: number,
  accountId: string,
  boatId: string,
  now: Date,
  { status = 'in_water', date, time }: { status?: 'in_water' | 'confirmed'; date?: string; time?: string } = {},
): Promise<void> {
  const slotStart = date && time ? instantAt(date, time, ZONES[clientId]!) : new Date(now.getTime() - 60 * 60_000);
  await db.insert(launches).values({
    clientId,
    accountId,
    boatId,
    status,
    slotStart,
    expectedReturn: new Date(slotStart.getTime() + 6 * 60 * 60_000),
    people: 2,
    createdAt: now,
    updatedAt: now,
  });
}

/** The marina's local time `time` today, as the app sends it. */
export function todayAt(clientId: number, time: string, now: Date): string {
  return instantAt(todayIn(ZONES[clientId]!, now), time, ZONES[clientId]!).toISOString();
}

/** The form's body: leaving now, back at `back` today, the owner skippering. */
export function outingBody(clientId: number, boatId: string, now: Date, overrides: Record<string, unknown> = {}) {
  return {
    boatId,
    expectedReturn: todayAt(clientId, '14:00', now),
    people: 3,
    skipper: 'owner',
    destination: 'Bahía y calas del norte',
    contactPhone: '612 345 678',
    ...overrides,
  };
}
