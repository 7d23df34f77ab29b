import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client.ts';
import type { ProfileUpdated } from '../../domain/accounts.ts';
import { renderApp, signedInApi, testSession } from '../../test/fixtures.tsx';

const emailChange: ProfileUpdated = {
  account: testSession.account,
  pendingChanges: [
    {
      changeId: 'chg-1',
      field: 'email',
      channel: 'email',
      destination: 'n•••@correo.es',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
    },
  ],
};

describe('micuenta', () => {
  it('keeps a pending e-mail change and its code field across a reload', async () => {
    const base = signedInApi();
    const send = vi.fn(async (method: string, path: string, body?: unknown) => {
      if (method === 'patch' && path === 'me') return emailChange;
      return base.send(method as 'post', path, body);
    });
    const api: ApiClient = { ...base, send: send as unknown as ApiClient['send'] };
    renderApp('/micuenta', { api });
    const profile = await screen.findByRole('region', { name: 'Datos personales' });
    const email = within(profile).getByLabelText('Correo electrónico');
    await userEvent.clear(email);
    await userEvent.type(email, 'nueva@correo.es');
    await userEvent.click(within(profile).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(profile).findByLabelText('Código enviado a tu nuevo correo')).toBeInTheDocument();

    // The phone reloads the tab while the person reads the e-mail.
    cleanup();
    renderApp('/micuenta', { api });
    const again = await screen.findByRole('region', { name: 'Datos personales' });
    expect(await within(again).findByLabelText('Código enviado a tu nuevo correo')).toBeInTheDocument();
    expect(within(again).getByText(/n•••@correo\.es/)).toBeInTheDocument();
  });

  it('forgets a pending change whose code has expired', async () => {
    const expired = { ...emailChange.pendingChanges[0]!, expiresAt: new Date(Date.now() - 1000).toISOString() };
    sessionStorage.setItem('mb.pendingContactChanges', JSON.stringify([expired]));
    renderApp('/micuenta', { api: signedInApi() });
    const profile = await screen.findByRole('region', { name: 'Datos personales' });
    expect(within(profile).queryByLabelText('Código enviado a tu nuevo correo')).toBeNull();
  });

  it('deleting the account is a danger button that first names what is lost', async () => {
    const api = signedInApi();
    renderApp('/micuenta', { api });
    const section = await screen.findByRole('region', { name: 'Borrar mi cuenta' });
    const start = within(section).getByRole('button', { name: 'Borrar mi cuenta' });
    const danger = start.className;
    expect(danger).not.toBe(screen.getByRole('button', { name: 'Cerrar sesión' }).className);
    expect(danger).not.toBe(within(screen.getByRole('region', { name: 'Datos personales' })).getByRole('button', { name: 'Guardar cambios' }).className);

    await userEvent.click(start);
    const confirmation = within(section).getByRole('heading', { name: '¿Seguro que quieres borrar tu cuenta?' });
    await waitFor(() => expect(confirmation).toHaveFocus());
    const lost = within(section).getByRole('list');
    for (const item of ['acceso a la aplicación', 'datos personales', 'carnet', 'barcos', 'bajadas', 'notificaciones']) {
      expect(lost).toHaveTextContent(item);
    }
    expect(within(section).getByRole('button', { name: 'Borrar mi cuenta para siempre' }).className).toBe(danger);

    await userEvent.click(within(section).getByRole('button', { name: 'No, conservar mi cuenta' }));
    expect(within(section).queryByRole('list')).toBeNull();
    expect(api.signedIn()).toBe(true);
  });
});
