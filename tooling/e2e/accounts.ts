import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNT } from '@marina/api/db/seed.ts';
import type { RegistrationStarted, RegistrationValidated } from '@marina/core/domain/accounts.ts';

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

export interface Person {
  firstName: string;
  surnames: string;
  document: string;
  email: string;
  /** As typed: a Spanish mobile with spaces. */
  phone: string;
  /** As stored: E.164. */
  phoneE164: string;
  password: string;
}

/** A new person per test: unique document, e-mail and phone, valid check letter. */
export function newPerson(tag: string): Person {
  const number = Math.floor(10_000_000 + Math.random() * 89_999_999);
  const mobile = `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return {
    firstName: 'Ana',
    surnames: `Prueba ${tag}`,
    document: `${number}${LETTERS[number % 23]}`,
    email: `ana.${number}@correo.example`,
    phone: `${mobile.slice(0, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)}`,
    phoneE164: `+34${mobile}`,
    password: `barco-azul-${number}`,
  };
}

interface OutboxEntry {
  destination: string;
  code: string | null;
  link: string | null;
  text: string;
  createdAt: string;
}

/** The newest code sent to `destination`, read from the development outbox. */
export async function latestCode(request: APIRequestContext, destination: string, after?: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/dev/outbox?destination=${encodeURIComponent(destination)}`);
        const entries = (await response.json()) as OutboxEntry[];
        found = entries.find((entry) => entry.code && (!after || entry.code !== after))?.code ?? undefined;
        return found;
      },
      { message: `a code sent to ${destination}` },
    )
    .toBeTruthy();
  return found!;
}

/** The newest link sent to `destination` (development outbox), as a path of this app. */
export async function latestLink(request: APIRequestContext, destination: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/dev/outbox?destination=${encodeURIComponent(destination)}`);
        found = ((await response.json()) as OutboxEntry[]).find((entry) => entry.link)?.link ?? undefined;
        return found;
      },
      { message: `a link sent to ${destination}` },
    )
    .toBeTruthy();
  // The server names its own configured address; the suite reaches it as 127.0.0.1.
  const url = new URL(found!);
  return `${url.pathname}${url.search}`;
}

export async function fillRegistration(page: Page, person: Person) {
  await page.getByLabel('Nombre', { exact: true }).fill(person.firstName);
  await page.getByLabel('Apellidos').fill(person.surnames);
  await page.getByLabel('DNI, NIE o pasaporte').fill(person.document);
  await page.getByLabel('Correo electrónico').fill(person.email);
  await page.getByLabel('Teléfono móvil').fill(person.phone);
  await page.getByLabel('He leído y acepto la política de privacidad de la marina.').check();
}

export async function signIn(page: Page, identifier: string, password: string) {
  await page.getByLabel('Correo electrónico o documento').fill(identifier);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Random upper-case letters and digits, for values that must be unique per run. */
function randomAlnum(length: number): string {
  return Array.from({ length }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[Math.floor(Math.random() * 34)]).join('');
}

/** An e-mail of exactly `length` characters (the rules allow 254), in labels of at most 63. */
export function longEmail(length = 254): string {
  const local = `ana.${Date.now().toString(36)}${randomAlnum(6).toLowerCase()}`;
  let domain = '';
  while (`${local}@${domain}example`.length < length) {
    const room = length - `${local}@${domain}example`.length - 1;
    domain += `${'m'.repeat(Math.min(63, Math.max(1, room)))}.`;
  }
  const email = `${local}@${domain}example`;
  if (email.length !== length) throw new Error(`long e-mail of ${email.length} characters`);
  return email;
}

/**
 * A person whose every value is as long as the rules allow, with no space to break at: 60-letter first
 * name and surnames, a 254-character e-mail, a 15-character passport, a 15-digit foreign mobile.
 */
export function longestPerson(): Person {
  const phone = `+44${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  return {
    firstName: 'Bartolomeu'.repeat(6),
    surnames: 'Wolfeschlegelsteinhausenbergerdorff'.repeat(2).slice(0, 60),
    document: `PA${randomAlnum(13)}`,
    email: longEmail(),
    phone,
    phoneE164: phone,
    password: `barco-azul-${randomAlnum(10)}`,
  };
}

/**
 * A made-up client address for one account's registration (198.18.0.0/15, set aside for tests). The
 * suite's servers trust `X-Forwarded-For` from this machine (`TRUST_PROXY`, `playwright.config.ts`), so
 * accounts made through the API never add up to the per-address registration limit (20 an hour) that the
 * screens' own registrations, from 127.0.0.1, still meet as a person's would.
 */
export function testAddress(): string {
  const byte = () => Math.floor(Math.random() * 256);
  return `198.${18 + Math.floor(Math.random() * 2)}.${byte()}.${1 + Math.floor(Math.random() * 254)}`;
}

/**
 * Calls the API as the app does: the marina's header, the XSRF token of the request context's own
 * session cookie, and the app's origin (the server refuses state changes without them). `from` is the
 * client address the server should see (`testAddress`).
 */
export function apiCaller(
  request: APIRequestContext,
  baseURL: string,
  clientId: number,
  { from }: { from?: string } = {},
) {
  const headers = {
    'X-Client-Id': String(clientId),
    Accept: 'application/json',
    ...(from ? { 'X-Forwarded-For': from } : {}),
  };
  const xsrf = async () => {
    await request.get('/api/v1/session', { headers });
    const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
    if (!cookie) throw new Error('no XSRF-TOKEN cookie from GET /session');
    return cookie.value;
  };
  return async function call<T>(method: 'post' | 'patch', path: string, data: unknown): Promise<T> {
    const response = await request.fetch(`/api/v1/${path}`, {
      method,
      data,
      headers: {
        ...headers,
        'X-XSRF-TOKEN': await xsrf(),
        Origin: new URL(baseURL).origin,
        'Idempotency-Key': crypto.randomUUID(),
      },
    });
    if (!response.ok())
      throw new Error(`${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
}

/**
 * A registration started and its code validated through the API, from a test address of its own:
 * ready for `activar?token=`.
 */
/** What `registro` sends for `person`. */
export function registrationBody(person: Person) {
  return {
    firstName: person.firstName,
    surnames: person.surnames,
    document: person.document,
    email: person.email,
    phone: person.phone,
    acceptPrivacy: true,
  };
}

export async function validatedRegistration(
  request: APIRequestContext,
  baseURL: string,
  clientId: number,
  person: Person,
  sendsSms: boolean,
  from = testAddress(),
): Promise<{ started: RegistrationStarted; activationToken: string }> {
  const call = apiCaller(request, baseURL, clientId, { from });
  const started = await call<RegistrationStarted>('post', 'registrations', registrationBody(person));
  const code = await latestCode(request, sendsSms ? person.phoneE164 : person.email);
  const { activationToken } = await call<RegistrationValidated>(
    'post',
    `registrations/${started.registrationId}/validate`,
    { code },
  );
  return { started, activationToken };
}

/**
 * Registers, validates and activates through the API, not the screens, from a test address of its own
 * (`testAddress`). The activation signs `request` in: with a page's `request`, the page's browser.
 */
export async function createAccount(
  request: APIRequestContext,
  baseURL: string,
  clientId: number,
  person: Person,
  sendsSms: boolean,
) {
  const from = testAddress();
  const { activationToken } = await validatedRegistration(request, baseURL, clientId, person, sendsSms, from);
  await apiCaller(request, baseURL, clientId, { from })('post', 'activations', {
    token: activationToken,
    password: person.password,
    acceptTerms: true,
  });
}

/** Signs the page's browser context in through the API: its cookies are the page's. */
export async function signInByApi(page: Page, baseURL: string, clientId: number, identifier: string, password: string) {
  await apiCaller(page.request, baseURL, clientId)('post', 'session', { identifier, password });
}

/** The marina's demo owner, whom every server outside production seeds (README, «Trying it»). */
export const demoOwner = (clientId: number) => DEMO_ACCOUNT(clientId);

/** Signs the page's browser context in as the marina's demo owner, through the API. */
export async function signInAsDemoOwner(page: Page, baseURL: string, clientId: number) {
  const { email, password } = demoOwner(clientId);
  await signInByApi(page, baseURL, clientId, email, password);
}
