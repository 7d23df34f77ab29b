import type { Browser, Page } from '@playwright/test';
import type { Authorisation } from '@marina/core/domain/authorisations.ts';
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { formatDay } from '@marina/core/domain/format-dates.ts';
import type { LaunchSlot } from '@marina/core/domain/launches.ts';
import {
  apiCaller,
  createAccount,
  demoOwner,
  latestCode,
  longestPerson,
  newPerson,
  type Person,
  signInAsDemoOwner,
} from './accounts.ts';
import type { E2eClient } from './clients.ts';
import { axeViolations, expect, marinaUrl, test } from './fixtures.ts';
import { press, typeDate, typeInto } from './keyboard.ts';
import {
  bookSlot,
  chooseDay,
  chooseOption,
  confirmData,
  eligibleBoats,
  emptySlots,
  localTime,
  marinaRules,
  pickRadio,
  reviewAndConfirm,
  staffMember,
} from './marina-setup.ts';

/** A phone's width: every step below is done from the keyboard alone. */
const PHONE = { width: 360, height: 740 };

/** The authorised person's own phone: a browser of their own, signed in as them once they have an account. */
async function phoneOf(browser: Browser, marina: E2eClient) {
  const context = await browser.newContext({
    baseURL: marinaUrl(marina),
    viewport: PHONE,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    serviceWorkers: 'block',
  });
  await context.addInitScript(() => localStorage.setItem('mb.sliderSeen', '1'));
  return { page: await context.newPage(), close: () => context.close() };
}

const fullName = (person: Person) => `${person.firstName} ${person.surnames}`;

/** The owner's form for a new person, filled from the keyboard. */
async function fillPerson(page: Page, person: Person, licenceExpiresOn: string) {
  await typeInto(page, page.getByLabel('Nombre', { exact: true }), person.firstName);
  await typeInto(page, page.getByLabel('Apellidos'), person.surnames);
  await typeInto(page, page.getByLabel('DNI, NIE o pasaporte'), person.document);
  await typeInto(page, page.getByLabel('Teléfono móvil'), person.phone);
  await typeInto(page, page.getByLabel('Correo electrónico'), person.email);
  await chooseOption(page, page.getByLabel('Tipo de titulación'), 'per');
  await typeInto(page, page.getByLabel('Número de la titulación'), `PER-${person.document}`);
  await typeDate(page, page.getByLabel('Caducidad de la titulación'), licenceExpiresOn);
}

/** The signed-in owner's one eligible boat, the marina's rules and today, and Marta, new to the marina, to authorise. */
async function ownerAndNewcomer(page: Page, marina: E2eClient, owner: Person) {
  const rules = await marinaRules(page.request, marina);
  const staff = await staffMember(marina);
  const [boatId] = await eligibleBoats(page.request, marina, owner, 1, staff.call);
  await staff.dispose();
  const person: Person = { ...newPerson(marina.name), firstName: 'Marta' };
  return { rules, today: todayIn(rules.timeZone), boatId: boatId!, person };
}

test.describe('authorised persons', () => {
  test.use({ viewport: PHONE });

  test('an owner authorises a person by keyboard; the person books their boat; suspended, the booking screen says why', async ({
    page,
    browser,
    marina,
    signedIn: owner,
    expectAccessible,
  }) => {
    test.slow();
    // Someone new to the marina: a new e-mail, phone and document.
    const { rules, today, boatId, person } = await ownerAndNewcomer(page, marina, owner);

    // 1. From «Más» to the list, then the form.
    await page.goto('/mas');
    await press(
      page,
      page.getByRole('navigation', { name: 'Más opciones' }).getByRole('link', { name: 'Autorizados' }),
      'Enter',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Autorizados' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Aún no has autorizado a nadie' })).toBeVisible();
    await expectAccessible();
    await press(page, page.getByRole('link', { name: 'Autorizar a una persona' }), 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Autorizar a una persona' })).toBeVisible();
    // The owner's only boat is ticked already; the period starts today and has no end.
    await expect(page.getByRole('checkbox', { name: /^Pardela 1 / })).toBeChecked();
    await expect(page.getByLabel('Desde')).toHaveValue(today);
    await fillPerson(page, person, addDays(today, 400));
    await expectAccessible();
    await press(page, page.getByRole('button', { name: 'Autorizar y enviar el código' }), 'Enter');

    // 2. The code went to the person; the owner types it.
    await expect(page).toHaveURL(/\/validar-autorizado\?id=/);
    await expect(
      page.getByText(
        new RegExp(`^Hemos enviado un código de 6 cifras a ${fullName(person)} por (SMS|correo electrónico)`),
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Podrás pedir otro código en \d+ s$/ })).toBeDisabled();
    await expectAccessible();
    const code = await latestCode(page.request, marina.sendsSms ? person.phoneE164 : person.email);
    await typeInto(page, page.getByLabel('Código de la persona autorizada'), code);
    await press(page, page.getByRole('button', { name: 'Validar' }), 'Enter');
    await expect(page).toHaveURL(/\/autorizados$/);
    // No account has proven that phone or e-mail yet (decision 038): the boats wait for it.
    await expect(page.getByRole('status')).toHaveText(
      `Autorización de ${fullName(person)} validada. Podrá usar los barcos dentro de su periodo cuando entre en la aplicación con una cuenta que tenga su documento y el teléfono o el correo que diste.`,
    );
    const card = page.getByRole('article', { name: fullName(person) });
    await expect(card).toContainText(`${fullName(person)}Activa`);
    await expect(card).toContainText(`Pardela 1 · desde el ${formatDay(today)}, sin fecha de fin`);

    // 3. The same document again on the same boat: refused on the boats, with everything kept.
    await page.goto('/alta-autorizado');
    await page.getByLabel('Nombre', { exact: true }).fill(person.firstName);
    await page.getByLabel('Apellidos').fill(person.surnames);
    await page.getByLabel('DNI, NIE o pasaporte').fill(person.document);
    await page.getByLabel('Teléfono móvil').fill(person.phone);
    await page.getByLabel('Correo electrónico').fill(`otra.${person.email}`);
    await page.getByLabel('Tipo de titulación').selectOption('pnb');
    await page.getByLabel('Número de la titulación').fill('PNB-1');
    await page.getByLabel('Caducidad de la titulación').fill(addDays(today, 400));
    await page.getByRole('button', { name: 'Autorizar y enviar el código' }).click();
    await expect(page.getByRole('group', { name: 'Barcos que podrá usar' })).toHaveAccessibleDescription(
      /Esa persona ya está autorizada \(o pendiente de validar\) en Pardela 1\./,
    );
    await expect(page.getByLabel('Número de la titulación')).toHaveValue('PNB-1');

    // 4. The person registers with that document and the contact the owner typed (its code proves it, decision 038),
    //    confirms their data, and sees the boat as someone else's.
    const phone = await phoneOf(browser, marina);
    await createAccount(phone.page.request, marinaUrl(marina), marina.id, person, marina.sendsSms);
    await confirmData(phone.page.request, marina, person);
    await phone.page.goto('/misbarcos');
    const lent = phone.page.getByRole('article', { name: 'Pardela 1' });
    await expect(lent).toContainText(`Barco de ${fullName(owner)}`);
    await expect(lent).toContainText('Autorizado sin fecha de fin');
    await expect(lent.getByText('Lista', { exact: true })).toBeVisible();
    expect(await axeViolations(phone.page)).toEqual([]);

    // 5. …and books a launch with it, from the keyboard.
    const { date, slots } = await emptySlots(phone.page.request, marina, rules, boatId, 7, 1);
    const slot = slots[0] as LaunchSlot;
    // Its screen shows it, read only: the contract, the insurance and the boat's data are the owner's.
    await press(phone.page, lent.getByRole('link', { name: 'Ver el barco Pardela 1' }), 'Enter');
    await expect(phone.page.getByRole('heading', { level: 1, name: 'Pardela 1' })).toBeVisible();
    await expect(phone.page.getByRole('region', { name: 'Resumen' })).toContainText(`Barco de ${fullName(owner)}`);
    await expect(phone.page.getByRole('region', { name: 'Seguro' })).toHaveCount(0);
    expect(await axeViolations(phone.page)).toEqual([]);
    await press(phone.page, phone.page.getByRole('link', { name: 'Pedir bajada' }), 'Enter');
    await expect(phone.page).toHaveURL(/\/alta-pedido-bajada-barco\?barco=/);
    await expect(phone.page.getByRole('radio', { name: /^Pardela 1 / })).toBeChecked();
    await chooseDay(phone.page, date);
    const grid = phone.page.getByRole('group', { name: 'Hora de bajada' });
    await pickRadio(phone.page, grid, grid.getByRole('radio', { name: new RegExp(`^${localTime(slot)} a `) }));
    await press(phone.page, phone.page.getByRole('button', { name: 'Una persona más' }), 'Enter');
    await reviewAndConfirm(phone.page);
    await expect(phone.page).toHaveURL(/\/pedidosbajadas\/[0-9a-f-]{36}$/);
    await expect(phone.page.getByRole('region', { name: 'Pardela 1' })).toContainText(/Estado(Confirmada|Pendiente)/);

    // 5b. The owner sees it among their launches, «Pedida por» the person, with only what the owner may do; on
    // inicio as the next launch; and the booking screen says who holds the boat and for which day.
    await page.goto('/pedidosbajadas');
    await expect(page.getByRole('article', { name: 'Pardela 1' })).toContainText(`Pedida por ${fullName(person)}`);
    await expectAccessible();
    await press(page, page.getByRole('article', { name: 'Pardela 1' }).getByRole('link'), 'Enter');
    const lentLaunch = page.getByRole('region', { name: 'Pardela 1' });
    await expect(lentLaunch).toContainText(`Pedida por${fullName(person)}Estado`);
    await expect(lentLaunch.getByRole('button', { name: 'Cancelar Pardela 1' })).toBeVisible();
    await expect(lentLaunch.getByRole('link', { name: /^Mover/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Historial' })).toContainText(`${fullName(person)} pidió la bajada`);
    await expectAccessible();
    await page.goto('/inicio');
    await expect(page.getByRole('region', { name: 'Próxima bajada' })).toContainText(`Pedida por${fullName(person)}`);
    await expectAccessible();
    await page.goto('/alta-pedido-bajada');
    await expect(page.getByRole('list', { name: 'Pardela 1: no puede bajar al agua' })).toContainText(
      new RegExp(`Ya tiene una bajada pedida por ${fullName(person)} para el \\p{L}+,? \\d+ de \\p{L}+`, 'u'),
    );
    await expectAccessible();

    // 6. The owner suspends them, with a reason.
    await page.goto('/autorizados');
    await press(page, card.getByRole('link', { name: `Suspender ${fullName(person)}` }), 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Suspender la autorización' })).toBeVisible();
    await expect(page.getByText(/Las bajadas que tenga pedidas con tus barcos se cancelarán\./)).toBeVisible();
    await expectAccessible();
    await typeInto(page, page.getByLabel('Motivo (opcional)'), 'Fin de temporada');
    await press(page, page.getByRole('button', { name: 'Suspender la autorización' }), 'Enter');
    await expect(page).toHaveURL(/\/autorizados$/);
    await expect(card).toContainText(`${fullName(person)}Suspendida`);
    await expect(card).toContainText('La suspendiste con este motivo: «Fin de temporada».');

    // 7. The person's launch is cancelled, and their booking screen says why they cannot book.
    await phone.page.goto('/pedidosbajadas');
    await expect(phone.page.getByRole('article', { name: 'Pardela 1' })).toContainText('Cancelada');
    await phone.page.goto('/alta-pedido-bajada');
    const blocked = phone.page.getByRole('list', { name: 'Pardela 1: no puede bajar al agua' });
    await expect(blocked).toContainText('Autorización suspendida');
    await expect(blocked).toContainText('Motivo que da el titular: Fin de temporada');
    await expect(phone.page.getByRole('article', { name: 'Pardela 1' })).toHaveCount(0);
    await phone.page.goto('/misbarcos');
    await expect(phone.page.getByRole('article', { name: 'Pardela 1' })).toContainText('Autorización: suspendida');

    // 8. The owner reactivates them, and gives the period an end.
    await page.goto('/autorizados');
    await press(page, card.getByRole('link', { name: `Reactivar ${fullName(person)}` }), 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Reactivar' })).toBeVisible();
    await expectAccessible();
    await press(page, page.getByRole('button', { name: 'Reactivar la autorización' }), 'Enter');
    await expect(page.getByRole('status')).toHaveText(`Autorización de ${fullName(person)} reactivada.`);
    await expect(card).toContainText(`${fullName(person)}Activa`);
    await press(page, card.getByRole('link', { name: `Cambiar el periodo ${fullName(person)}` }), 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Cambiar el periodo' })).toBeVisible();
    await expectAccessible();
    await typeDate(page, page.getByLabel('Hasta (opcional)'), addDays(today, 30));
    await press(page, page.getByRole('button', { name: 'Guardar el periodo' }), 'Enter');
    await expect(page.getByRole('status')).toHaveText(`Periodo de ${fullName(person)} cambiado.`);
    await expect(card).toContainText(`Pardela 1 · del ${formatDay(today)} al ${formatDay(addDays(today, 30))}`);

    await phone.page.goto('/misbarcos');
    await expect(phone.page.getByRole('article', { name: 'Pardela 1' })).toContainText(
      `Autorizado hasta el ${formatDay(addDays(today, 30))}`,
    );
    await phone.close();
  });

  test('the owner cancels, by keyboard, the launch their authorised person asked for; the person sees who cancelled it', async ({
    page,
    browser,
    marina,
    signedIn: owner,
    expectAccessible,
  }) => {
    test.slow();
    // The person, authorised and validated through the API (the screens for that are the test above's).
    const { rules, today, boatId, person } = await ownerAndNewcomer(page, marina, owner);
    const call = apiCaller(page.request, marinaUrl(marina), marina.id);
    const added = await call<Authorisation>('post', 'authorisations', {
      firstName: person.firstName,
      surnames: person.surnames,
      document: person.document,
      phone: person.phone,
      email: person.email,
      licence: { type: 'per', number: `PER-${person.document}`, expiresOn: addDays(today, 400) },
      boatIds: [boatId],
      validFrom: today,
      validTo: null,
    });
    await call('post', `authorisations/${added.id}/validate`, {
      code: await latestCode(page.request, marina.sendsSms ? person.phoneE164 : person.email),
    });
    const phone = await phoneOf(browser, marina);
    await createAccount(phone.page.request, marinaUrl(marina), marina.id, person, marina.sendsSms);
    await confirmData(phone.page.request, marina, person);
    const { slots } = await emptySlots(phone.page.request, marina, rules, boatId, 11, 1);
    const slot = slots[0] as LaunchSlot;
    await bookSlot(apiCaller(phone.page.request, marinaUrl(marina), marina.id), boatId, slot, 2);

    // The owner: «Pedida por», why only cancelling is offered, and the question naming the person.
    await page.goto('/pedidosbajadas');
    await press(page, page.getByRole('article', { name: 'Pardela 1' }).getByRole('link'), 'Enter');
    const theirs = page.getByRole('region', { name: 'Pardela 1' });
    await expect(theirs).toContainText(`Pedida por${fullName(person)}EstadoConfirmada`);
    await expect(theirs).toContainText(
      `La pidió ${fullName(person)}, a quien autorizaste. Como titular del barco, puedes cancelarla; moverla le corresponde a esa persona.`,
    );
    await press(page, theirs.getByRole('button', { name: 'Cancelar Pardela 1' }), 'Enter');
    const question = page.getByRole('group', { name: '¿Cancelar esta bajada?' });
    await expect(question.getByRole('heading')).toBeFocused();
    await expect(question).toContainText(`Se cancelará la bajada que pidió ${fullName(person)} para el `);
    await expectAccessible();
    await press(page, question.getByRole('button', { name: 'Sí, cancelar la bajada' }), 'Enter');
    await expect(page.getByRole('status')).toHaveText('Bajada cancelada.');
    await expect(theirs).toContainText('EstadoCancelada');
    await expect(theirs).toContainText(`Motivo: La ha cancelado ${fullName(owner)}, titular del barco.`);
    await expectAccessible();

    // The person: cancelled, by whom, in the list, the history and a notification.
    await phone.page.goto('/pedidosbajadas');
    const mine = phone.page.getByRole('article', { name: 'Pardela 1' });
    await expect(mine).toContainText('Cancelada');
    await expect(mine).toContainText(`Motivo: La ha cancelado ${fullName(owner)}, titular del barco.`);
    await expect(mine).not.toContainText('Pedida por');
    await press(phone.page, mine.getByRole('link'), 'Enter');
    const history = phone.page.getByRole('region', { name: 'Historial' });
    await expect(history).toContainText('Pediste la bajada');
    await expect(history).toContainText(`${fullName(owner)} canceló la bajada`);
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.page.goto('/notificaciones');
    await expect(phone.page.getByRole('heading', { name: /Bajada cancelada por el titular$/ })).toBeVisible();
    await phone.close();
  });

  test('an owner who typed the phone wrong withdraws the invitation by keyboard, adds the person again and validates', async ({
    page,
    marina,
    signedIn: owner,
    expectAccessible,
  }) => {
    test.slow();
    const { today, person } = await ownerAndNewcomer(page, marina, owner);
    const name = fullName(person);
    // The owner's slip: the phone's last digit (and, where codes go by e-mail, the address too).
    const slip = person.phone.endsWith('0') ? '1' : '0';
    const wrong: Person = {
      ...person,
      phone: `${person.phone.slice(0, -1)}${slip}`,
      phoneE164: `${person.phoneE164.slice(0, -1)}${slip}`,
      email: marina.sendsSms ? person.email : `x${person.email}`,
    };
    const codeTo = (who: Person) => (marina.sendsSms ? who.phoneE164 : who.email);
    const list = page.getByRole('heading', { level: 1, name: 'Autorizados' });

    // 1. Added with the wrong phone: the code goes astray.
    await page.goto('/alta-autorizado');
    await expect(page.getByRole('heading', { level: 1, name: 'Autorizar a una persona' })).toBeVisible();
    await fillPerson(page, wrong, addDays(today, 400));
    await press(page, page.getByRole('button', { name: 'Autorizar y enviar el código' }), 'Enter');
    await expect(page).toHaveURL(/\/validar-autorizado\?id=/);
    await latestCode(page.request, codeTo(wrong));
    // The code screen offers to take it back: asked, then kept, the focus back on the button.
    const section = page.getByRole('region', { name: 'Retirar la invitación' });
    await expect(section).toContainText('¿El teléfono o el correo estaban mal?');
    await press(page, section.getByRole('button', { name: 'Retirar la invitación' }), 'Enter');
    await expect(section.getByRole('heading', { name: `¿Retirar la invitación a ${name}?` })).toBeFocused();
    await expectAccessible();
    await press(page, section.getByRole('button', { name: 'No, mantenerla' }), 'Enter');
    await expect(section.getByRole('button', { name: 'Retirar la invitación' })).toBeFocused();

    // 2. From the list, by keyboard alone: asked first, then withdrawn, and said so.
    await page.goto('/autorizados');
    await expect(list).toBeVisible();
    const card = page.getByRole('article', { name });
    await expect(card).toContainText(`${name}Pendiente de validar`);
    await press(page, card.getByRole('button', { name: `Retirar la invitación ${name}` }), 'Enter');
    const question = card.getByRole('group', { name: `¿Retirar la invitación a ${name}?` });
    await expect(question.getByRole('heading')).toBeFocused();
    await expect(question).toContainText('dejará de valer y su plaza en tus barcos quedará libre');
    await expectAccessible();
    await page.keyboard.press('Tab');
    await expect(question.getByRole('button', { name: 'Sí, retirar la invitación' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(`Invitación a ${name} retirada.`);
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Aún no has autorizado a nadie' })).toBeVisible();
    await expectAccessible();
    await page.reload();
    await expect(list).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Aún no has autorizado a nadie' })).toBeVisible();

    // 3. The same person again, now with the right phone: no longer "the same document twice"; the code
    // sent to the right place validates.
    await press(page, page.getByRole('link', { name: 'Autorizar a una persona' }), 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Autorizar a una persona' })).toBeVisible();
    await fillPerson(page, person, addDays(today, 400));
    await press(page, page.getByRole('button', { name: 'Autorizar y enviar el código' }), 'Enter');
    await expect(page).toHaveURL(/\/validar-autorizado\?id=/);
    await typeInto(
      page,
      page.getByLabel('Código de la persona autorizada'),
      await latestCode(page.request, codeTo(person)),
    );
    await press(page, page.getByRole('button', { name: 'Validar' }), 'Enter');
    await expect(page).toHaveURL(/\/autorizados$/);
    // The person has no account yet: the authorisation waits for one that proves their contact (decision 038).
    await expect(page.getByRole('status')).toHaveText(
      `Autorización de ${name} validada. Podrá usar los barcos dentro de su periodo cuando entre en la aplicación con una cuenta que tenga su documento y el teléfono o el correo que diste.`,
    );
    await expect(card).toContainText(`${name}Activa`);
    await expect(card.getByRole('button', { name: /^Retirar la invitación/ })).toHaveCount(0);
  });

  test('the demo owner’s authorised person: active on Brisa in the owner’s list, and their own account sees Brisa as lent', async ({
    page,
    browser,
    marina,
    visit,
  }) => {
    await visit('/ayuda');
    await signInAsDemoOwner(page, marinaUrl(marina), marina.id);
    await page.goto('/autorizados');
    await expect(page.getByRole('heading', { level: 1, name: 'Autorizados' })).toBeVisible();
    const alex = page.getByRole('article', { name: /^Javier Molina Costa/ });
    await expect(alex).toContainText('Javier Molina CostaActiva');
    await expect(alex).toContainText('Brisa · ');
    // From the boat's own screen, its people only.
    await page.goto('/misbarcos');
    await press(
      page,
      page.getByRole('article', { name: 'Gaviota' }).getByRole('link', { name: /^Ver y corregir/ }),
      'Enter',
    );
    await press(page, page.getByRole('link', { name: 'Ver quién puede usarlo' }), 'Enter');
    await expect(page).toHaveURL(/\/autorizados\?barco=/);
    await expect(page.getByText('Nadie está autorizado para Gaviota.')).toBeVisible();
    await expect(alex).toHaveCount(0);

    const phone = await phoneOf(browser, marina);
    await phone.page.goto('/login');
    await typeInto(
      phone.page,
      phone.page.getByLabel('Correo electrónico o documento'),
      `autorizado@client${marina.id}.example`,
    );
    await typeInto(phone.page, phone.page.getByLabel('Contraseña', { exact: true }), demoOwner(marina.id).password);
    await press(phone.page, phone.page.getByRole('button', { name: 'Entrar' }), 'Enter');
    await expect(phone.page).not.toHaveURL(/\/login/);
    await phone.page.goto('/misbarcos');
    const brisa = phone.page.getByRole('article', { name: 'Brisa' });
    await expect(brisa).toContainText('Barco de Elena Navarro Vidal');
    await expect(brisa).toContainText(/Autorizado (hasta el|sin fecha de fin)/);
    await expect(brisa.getByRole('link', { name: 'Pedir bajada Brisa' })).toBeVisible();
    await phone.close();
  });

  test.describe('at 320 px wide', () => {
    test.use({ viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true, longestValues: true });

    test('the five screens hold a person whose every value is as long as the rules allow', async ({
      page,
      marina,
      signedIn: owner,
      expectAccessible,
    }) => {
      test.slow();
      const rules = await marinaRules(page.request, marina);
      const today = todayIn(rules.timeZone);
      const staff = await staffMember(marina);
      await eligibleBoats(page.request, marina, owner, 1, staff.call);
      await staff.dispose();
      const boats = (await (
        await page.request.get('/api/v1/boats', { headers: { 'X-Client-Id': String(marina.id) } })
      ).json()) as { boats: Array<{ id: string }> };
      const long = longestPerson();
      const added = await apiCaller(page.request, marinaUrl(marina), marina.id)<Authorisation>(
        'post',
        'authorisations',
        {
          firstName: long.firstName,
          surnames: long.surnames,
          document: long.document,
          phone: long.phone,
          email: long.email,
          licence: { type: 'capitan_yate', number: 'N'.repeat(20), expiresOn: addDays(today, 400) },
          boatIds: boats.boats.map((boat) => boat.id),
          validFrom: today,
          validTo: addDays(today, 300),
        },
      );
      const call = apiCaller(page.request, marinaUrl(marina), marina.id);
      const check = async (path: string, shows: string) => {
        await page.goto(path);
        await expect(page.getByText(shows, { exact: false }).first()).toBeVisible();
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, `${path}: ${scrollWidth} px wide in a ${clientWidth} px screen`).toBeLessThanOrEqual(
          clientWidth,
        );
        await expectAccessible();
      };
      const name = `${long.firstName} ${long.surnames}`;
      await check('/autorizados', name);
      await check('/alta-autorizado', 'Barcos que podrá usar');
      await check(`/validar-autorizado?id=${added.id}`, `Hemos enviado un código de 6 cifras a ${name}`);
      await call('post', `authorisations/${added.id}/validate`, {
        code: await latestCode(page.request, marina.sendsSms ? long.phoneE164 : long.email),
      });
      await check(`/suspender-autorizado?id=${added.id}`, `Mientras la autorización esté suspendida, ${name}`);
      await check(`/reprogramar-autorizado?id=${added.id}`, name);
    });
  });
});
