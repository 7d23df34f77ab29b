import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

/** Registers, validates and activates through the screens; ends signed in on /inicio. */
export async function registerAndActivate(page: Page, person: Person, sendsSms: boolean) {
  await page.goto('/registro');
  await fillRegistration(page, person);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Valida tu registro' })).toBeVisible();
  await page.getByLabel('Código de verificación').fill(await latestCode(page.request, sendsSms ? person.phoneE164 : person.email));
  await page.getByRole('button', { name: 'Validar' }).click();
  await page.getByLabel('Contraseña nueva').fill(person.password);
  await page.getByLabel('Acepto las condiciones del servicio de la marina.').check();
  await page.getByRole('button', { name: 'Activar cuenta' }).click();
  await expect(page).toHaveURL(/\/inicio$/);
}
