import { latestCode, latestLink, signIn } from './accounts.ts';
import { expect, test } from './fixtures.ts';

test.describe('signed in', () => {
  test('notifications: the welcome is unread, then read', async ({ page, signedIn: _, expectAccessible }) => {
    await page.goto('/inicio');
    await expect(page.getByRole('link', { name: /^Más\W+1 notificación sin leer$/ })).toBeVisible();
    await page.getByRole('link', { name: 'Ver notificaciones' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
    await expect(page.getByText('1 sin leer.')).toBeVisible();
    await expectAccessible();
    await page.getByRole('button', { name: 'Marcar como leída' }).click();
    await expect(page.getByText('No tienes notificaciones sin leer.')).toBeVisible();
    await expect(page.getByRole('link', { name: /sin leer/ })).toHaveCount(0);
  });

  test('my account: profile, e-mail change with a code, password, delete', async ({
    page,
    signedIn: person,
    expectAccessible,
  }) => {
    // A whole journey: a contact change and two password changes, each an argon2 hash.
    test.slow();
    await page.goto('/micuenta');
    await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
    await expectAccessible();

    const profile = page.getByRole('region', { name: 'Datos personales' });
    await profile.getByLabel('Nombre', { exact: true }).fill('Anabel');
    const newEmail = `nueva.${person.email}`;
    await profile.getByLabel('Correo electrónico').fill(newEmail);
    await profile.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(profile.getByLabel('Código enviado a tu nuevo correo')).toBeVisible();
    // The phone may reload the tab while the person reads the e-mail: the code field comes back.
    await page.reload();
    await profile.getByLabel('Código enviado a tu nuevo correo').fill(await latestCode(page.request, newEmail));
    await profile.getByRole('button', { name: 'Confirmar' }).click();
    await expect(profile.getByText('Correo cambiado.')).toBeVisible();

    // One section of micuenta open at a time: the person opens the one they want.
    const password = page.getByRole('region', { name: 'Cambiar la contraseña' });
    await password.locator('summary').click();
    await expect(profile.getByLabel('Correo electrónico')).toBeHidden();
    await password.getByLabel('Contraseña actual').fill('no-es-la-actual');
    await password.getByLabel('Contraseña nueva').fill(`${person.password}-2`);
    await password.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    // Said once, under the field it is about.
    await expect(password.getByLabel('Contraseña actual')).toHaveAccessibleDescription(
      'No es la contraseña de tu cuenta.',
    );
    await expect(page.getByText('No es la contraseña de tu cuenta.')).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await password.getByLabel('Contraseña actual').fill(person.password);
    await password.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await expect(password.getByText(/Contraseña cambiada/)).toBeVisible();

    await page.goto('/inicio');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Anabel' })).toBeVisible();

    await page.goto('/micuenta');
    const remove = page.getByRole('region', { name: 'Borrar mi cuenta' });
    await remove.locator('summary').click();
    await remove.getByRole('button', { name: 'Borrar mi cuenta' }).click();
    await expect(remove.getByRole('heading', { name: '¿Seguro que quieres borrar tu cuenta?' })).toBeFocused();
    await expect(remove.getByRole('list')).toContainText('tus datos personales');
    await expectAccessible();
    await remove.getByLabel('Tu contraseña').fill(`${person.password}-2`);
    await remove.getByLabel('Entiendo que perderé todo esto y que no se puede deshacer.').check();
    await remove.getByRole('button', { name: 'Borrar mi cuenta para siempre' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Tu cuenta se ha borrado.')).toBeVisible();

    await page.goto('/login');
    await signIn(page, newEmail, `${person.password}-2`);
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAccessibleDescription(
      'El usuario o la contraseña no son correctos.',
    );
  });

  test('my account: an e-mail nobody has confirmed is confirmed with the link sent to it', async ({
    page,
    signedIn: person,
    marina,
    expectAccessible,
  }) => {
    await page.goto('/micuenta');
    await expect(page.getByRole('region', { name: 'Datos personales' })).toBeVisible();
    const notice = page.getByRole('region', { name: 'Confirma tu correo' });
    if (!marina.sendsSms) {
      // The registration code went to the e-mail: it is confirmed already.
      await expect(notice).toHaveCount(0);
      return;
    }
    await expect(notice).toContainText(`Tu correo ${person.email} aún no está confirmado.`);
    await expectAccessible();
    await notice.getByRole('button', { name: 'Reenviar enlace' }).click();
    await expect(notice.getByRole('status')).toHaveText(
      'Te hemos enviado un enlace a a•••@correo.example. Ábrelo para confirmar tu correo.',
    );

    await page.goto(await latestLink(page.request, person.email));
    await expect(page.getByText('Tu correo está confirmado.')).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expect(page).toHaveURL(/\/micuenta$/);
  });

  test('sign out everywhere ends the other sessions', async ({ page, browser, signedIn: person, marina }) => {
    const other = await browser.newContext({ baseURL: `http://127.0.0.1:${marina.port}` });
    const otherPage = await other.newPage();
    await otherPage.addInitScript(() => localStorage.setItem('mb.sliderSeen', '1'));
    await otherPage.goto('/login');
    await signIn(otherPage, person.email, person.password);
    await expect(otherPage).toHaveURL(/\/inicio$/);

    await page.goto('/micuenta');
    await page.getByRole('region', { name: 'Sesiones' }).locator('summary').click();
    await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await otherPage.goto('/mas');
    await expect(otherPage).toHaveURL(/\/login\?next=%2Fmas$/);
    await other.close();
  });
});
