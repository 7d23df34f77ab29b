/** Helpers for tests of boats and contracts: unique boats, dates in the marina's calendar, files. */
import { randomUUID } from 'node:crypto';
import type { Contract, ContractPlan } from '@marina/core/domain/boats.ts';
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { expect } from 'vitest';
import type { Agent } from './test-agent.ts';

let sequence = 0;

/** The fixture marinas 901 and 903 are in Europe/Madrid, 902 in Atlantic/Canary. */
export const ZONES: Record<number, string> = { 901: 'Europe/Madrid', 903: 'Europe/Madrid', 902: 'Atlantic/Canary' };

/** A calendar day of the marina, `days` from today. */
export function dayFromToday(clientId: number, days: number, now = new Date()): string {
  return addDays(todayIn(ZONES[clientId]!, now), days);
}

/** A different boat each call, as the form sends it. */
export function newBoat(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Brisa ${sequence}`,
    registration: `7ª-BA-${process.pid % 1000}-${sequence}-${randomUUID().slice(0, 4).toUpperCase()}`,
    make: 'Quicksilver',
    model: 'Activ 605',
    lengthM: 6.1,
    beamM: 2.4,
    engine: 'Mercury 115 CV',
    ...overrides,
  };
}

export function insuranceUntil(expiresOn: string) {
  return { insurer: 'Mapfre', policyNumber: `POL-${randomUUID().slice(0, 8)}`, expiresOn };
}

/** The body of `POST /contracts` for a new boat, starting today. */
export function newBoatContract(clientId: number, overrides: Record<string, unknown> = {}) {
  return {
    boat: newBoat(),
    insurance: insuranceUntil(dayFromToday(clientId, 200)),
    plan: 'annual' as ContractPlan,
    startsOn: dayFromToday(clientId, 0),
    acceptConditions: true,
    ...overrides,
  };
}

/** Asks for a contract for a new boat; answers the contract (its boatId names the boat). */
export async function requestNewBoat(agent: Agent, overrides: Record<string, unknown> = {}): Promise<Contract> {
  const response = await agent.post('/contracts', newBoatContract(agent.clientId, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A small PDF a reader opens (header, one empty page, trailer). */
export function pdfBytes(padTo = 0): Buffer {
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  return padTo > pdf.length ? Buffer.concat([pdf, Buffer.alloc(padTo - pdf.length, 0x20)]) : pdf;
}

/** A Windows executable's first bytes ("MZ"), whatever it is named. */
export function executableBytes(): Buffer {
  return Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0)]);
}
