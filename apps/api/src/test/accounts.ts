/** Helpers for tests that need people and accounts: unique registration data, the outbox, whole flows. */
import type { OutboxEntry } from '@marina/core/domain/accounts.ts';
import { checkLetter } from '@marina/core/domain/identity-document.ts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createAgent, type Agent } from './test-agent.ts';

let sequence = 0;

export interface PersonData {
  firstName: string;
  surnames: string;
  document: string;
  email: string;
  phone: string;
  acceptPrivacy: boolean;
}

/** A different person each call: valid DNI, Spanish mobile and e-mail, as a form would send them. */
export function newPerson(overrides: Partial<PersonData> = {}): PersonData {
  sequence += 1;
  const n = (process.pid % 1000) * 10_000 + sequence;
  const dni = 20_000_000 + n;
  return {
    firstName: 'Lucía',
    surnames: 'García Pons',
    document: `${dni}${checkLetter(dni)}`,
    email: `lucia.${n}@correo.example`,
    phone: `+347${String(n).padStart(8, '0')}`,
    acceptPrivacy: true,
    ...overrides,
  };
}

export const STRONG_PASSWORD = 'Velero-en-la-rada-42';

/** Messages "sent" so far, newest first (the development endpoint). */
export async function outboxFor(app: FastifyInstance, destination?: string): Promise<OutboxEntry[]> {
  const query = destination === undefined ? '' : `?destination=${encodeURIComponent(destination)}`;
  const response = await app.inject({ method: 'GET', url: `/api/v1/dev/outbox${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The link in the newest message to `destination` that carries one. */
export async function latestLink(app: FastifyInstance, destination: string): Promise<string> {
  const [latest] = (await outboxFor(app, destination)).filter((entry) => entry.link !== null);
  expect(latest, `a link sent to ${destination}`).toBeDefined();
  return latest!.link!;
}

/** Opens the newest e-mail confirmation link sent to `email`, signed in as `agent`. */
export async function confirmEmail(agent: Agent, app: FastifyInstance, email: string) {
  const token = new URL(await latestLink(app, email)).searchParams.get('confirmar-email');
  expect(token, 'an e-mail confirmation link').toBeTruthy();
  return agent.post('/me/email-confirmation/confirm', { token });
}

/** The code in the newest message to `destination`. */
export async function latestCode(app: FastifyInstance, destination: string): Promise<string> {
  const [latest] = (await outboxFor(app, destination)).filter((entry) => entry.code !== null);
  expect(latest, `a code sent to ${destination}`).toBeDefined();
  return latest!.code!;
}

export interface RegisteredAccount {
  agent: Agent;
  person: PersonData;
  password: string;
  accountId: string;
}

/**
 * register → code → validate → activate: an active account, signed in on the returned agent. On SMS
 * marinas the person also opens the e-mail confirmation link, as customers are asked to, unless
 * `confirmEmail: false` leaves the e-mail unproven.
 */
export async function registerAccount(
  app: FastifyInstance,
  clientId: number,
  person = newPerson(),
  password = STRONG_PASSWORD,
  { confirmEmail: confirm = true }: { confirmEmail?: boolean } = {},
): Promise<RegisteredAccount> {
  const agent = createAgent(app, clientId);
  const started = await agent.post('/registrations', person);
  expect(started.statusCode, started.body).toBe(202);
  const { registrationId, channel } = started.json();
  const code = await latestCode(app, channel === 'sms' ? person.phone : person.email);
  const validated = await agent.post(`/registrations/${registrationId}/validate`, { code });
  expect(validated.statusCode, validated.body).toBe(200);
  const activated = await agent.post('/activations', {
    token: validated.json().activationToken,
    password,
    acceptTerms: true,
  });
  expect(activated.statusCode, activated.body).toBe(200);
  if (confirm && activated.json().account.emailVerified === false) {
    const confirmed = await confirmEmail(agent, app, person.email);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  return { agent, person, password, accountId: activated.json().account.id };
}

/** A clock the services read, moved by hand instead of sleeping. */
export function testClock(start = Date.now()) {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}
