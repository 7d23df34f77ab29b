import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import type { AccountSummary, ProfileUpdated, SessionInfo } from '../../domain/accounts.ts';
import { findStatus, renderApp, signedInApi, testSession } from '../../test/fixtures.tsx';

const account: AccountSummary = { ...testSession.account, emailVerified: false };

/** Signed in as Ana; `send` answers the account calls as `answers` says. */
function apiWithEmail(emailVerified: boolean, answers: Record<string, () => Promise<unknown>> = {}) {
  const info: SessionInfo = { account: { ...account, emailVerified }, unreadNotifications: 0 };
  const send = vi.fn(async (_method: string, path: string) => {
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected call to ${path}`);
    return answer();
  });
  const api: ApiClient = {
    get: (async (path: string) => {
      if (path === 'session') return info;
      throw new ApiError('not_found', { status: 404 });
    }) as ApiClient['get'],
    create: async () => {
      throw new Error('not used');
    },
    send: send as unknown as ApiClient['send'],
  };
  return { api, send };
}

const notice = () => screen.findByRole('region', { name: 'Confirma tu correo' });

describe('micuenta: the e-mail confirmation', () => {
  it('says the e-mail is not confirmed and sends the link again', async () => {
    const { api, send } = apiWithEmail(false, {
      'me/email-confirmation': async () => ({ destination: 'a•••@correo.es' }),
    });
    renderApp('/micuenta', { api });
    const region = await notice();
    expect(region).toHaveTextContent('Tu correo ana@correo.es aún no está confirmado.');
    await userEvent.click(within(region).getByRole('button', { name: 'Reenviar enlace' }));
    await findStatus('Te hemos enviado un enlace a a•••@correo.es. Ábrelo para confirmar tu correo.', region);
    expect(send).toHaveBeenCalledWith('post', 'me/email-confirmation');
  });

  it('says nothing when the e-mail is confirmed', async () => {
    renderApp('/micuenta', { api: apiWithEmail(true).api });
    expect(await screen.findByRole('heading', { name: 'Datos personales' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirma tu correo' })).not.toBeInTheDocument();
  });

  it('applies the link it was opened with once, says so and takes the token out of the address', async () => {
    const { api, send } = apiWithEmail(false, {
      'me/email-confirmation/confirm': async () => ({ ...account, emailVerified: true }),
    });
    const { router, services } = renderApp('/micuenta?confirmar-email=tok_123', { api });
    expect(await screen.findByText('Tu correo está confirmado.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirma tu correo' })).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('post', 'me/email-confirmation/confirm', { token: 'tok_123' });
    expect(services.session.current()?.account.emailVerified).toBe(true);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/micuenta');
  });

  it('says when the link is no longer valid, and keeps offering a new one', async () => {
    const { api } = apiWithEmail(false, {
      'me/email-confirmation/confirm': async () => {
        throw new ApiError('token_invalid', { status: 410 });
      },
    });
    renderApp('/micuenta?confirmar-email=old', { api });
    const region = await notice();
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'El enlace para confirmar tu correo no es válido o ha caducado.',
    );
    expect(within(region).getByRole('button', { name: 'Reenviar enlace' })).toBeEnabled();
  });
});

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
    expect(danger).not.toBe(
      within(screen.getByRole('region', { name: 'Datos personales' })).getByRole('button', { name: 'Guardar cambios' })
        .className,
    );

    await userEvent.click(start);
    const confirmation = within(section).getByRole('heading', { name: '¿Seguro que quieres borrar tu cuenta?' });
    await waitFor(() => expect(confirmation).toHaveFocus());
    const lost = within(section).getByRole('list');
    for (const item of [
      'acceso a la aplicación',
      'datos personales',
      'carnet',
      'barcos',
      'bajadas',
      'notificaciones',
    ]) {
      expect(lost).toHaveTextContent(item);
    }
    expect(within(section).getByRole('button', { name: 'Borrar mi cuenta para siempre' }).className).toBe(danger);

    await userEvent.click(within(section).getByRole('button', { name: 'No, conservar mi cuenta' }));
    expect(within(section).queryByRole('list')).toBeNull();
    expect(api.signedIn()).toBe(true);
  });
});
