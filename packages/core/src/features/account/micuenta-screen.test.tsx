import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import type { AccountSummary, SessionInfo } from '../../domain/accounts.ts';
import { renderApp } from '../../test/fixtures.tsx';

const account: AccountSummary = {
  id: 'a1',
  firstName: 'Ana',
  surnames: 'García',
  email: 'ana@correo.es',
  phone: '+34612345678',
  document: '12345678Z',
  status: 'active',
  dataValidatedAt: '2026-11-01T10:00:00Z',
  dataValidationDue: false,
  emailVerified: false,
};

/** Signed in as Ana; `send` answers the account calls as `answers` says. */
function signedInApi(emailVerified: boolean, answers: Record<string, () => Promise<unknown>> = {}) {
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
    const { api, send } = signedInApi(false, { 'me/email-confirmation': async () => ({ destination: 'a•••@correo.es' }) });
    renderApp('/micuenta', { api });
    const region = await notice();
    expect(region).toHaveTextContent('Tu correo ana@correo.es aún no está confirmado.');
    await userEvent.click(within(region).getByRole('button', { name: 'Reenviar enlace' }));
    expect(await within(region).findByRole('status')).toHaveTextContent('Te hemos enviado un enlace a a•••@correo.es. Ábrelo para confirmar tu correo.');
    expect(send).toHaveBeenCalledWith('post', 'me/email-confirmation');
  });

  it('says nothing when the e-mail is confirmed', async () => {
    renderApp('/micuenta', { api: signedInApi(true).api });
    expect(await screen.findByRole('heading', { name: 'Datos personales' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirma tu correo' })).not.toBeInTheDocument();
  });

  it('applies the link it was opened with once, says so and takes the token out of the address', async () => {
    const { api, send } = signedInApi(false, { 'me/email-confirmation/confirm': async () => ({ ...account, emailVerified: true }) });
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
    const { api } = signedInApi(false, {
      'me/email-confirmation/confirm': async () => {
        throw new ApiError('token_invalid', { status: 410 });
      },
    });
    renderApp('/micuenta?confirmar-email=old', { api });
    const region = await notice();
    expect(await within(region).findByRole('alert')).toHaveTextContent('El enlace para confirmar tu correo no es válido o ha caducado.');
    expect(within(region).getByRole('button', { name: 'Reenviar enlace' })).toBeEnabled();
  });
});
