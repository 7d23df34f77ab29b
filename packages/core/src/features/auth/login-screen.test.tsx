import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import type { SessionInfo } from '../../domain/accounts.ts';
import { loadMessageFor } from '../../api/load-messages.ts';
import { renderApp, testSession } from '../../test/fixtures.tsx';
import { loadSignInSchema } from './api/sign-in.ts';

// Watched: what the form loads, and when (decision 065).
vi.mock(import('../../api/load-messages.ts'), async (original) => {
  const actual = await original();
  return { ...actual, loadMessageFor: vi.fn(actual.loadMessageFor) };
});
vi.mock(import('./api/sign-in.ts'), async (original) => {
  const actual = await original();
  return { ...actual, loadSignInSchema: vi.fn(actual.loadSignInSchema) };
});

const info: SessionInfo = { ...testSession, unreadNotifications: 2 };

function apiSigningIn(answer: () => Promise<SessionInfo>) {
  let signedIn = false;
  const send = vi.fn(async () => {
    const result = await answer();
    signedIn = true;
    return result;
  });
  const api: ApiClient = {
    get: (async (path: string) => {
      if (path === 'session' && signedIn) return info;
      throw new ApiError('unauthenticated', { status: 401 });
    }) as ApiClient['get'],
    create: async () => {
      throw new Error('not used');
    },
    send: send as unknown as ApiClient['send'],
  };
  return { api, send };
}

describe('login', () => {
  it('keeps what was typed and says so in Spanish when the credentials are wrong', async () => {
    const { api } = apiSigningIn(() => Promise.reject(new ApiError('invalid_credentials', { status: 401 })));
    renderApp('/login', { api });
    await userEvent.type(await screen.findByLabelText('Correo electrónico o documento'), 'ana@correo.es');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'equivocada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.getByLabelText('Contraseña')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(
      'El usuario o la contraseña no son correctos.',
    );
    expect(screen.getByLabelText('Correo electrónico o documento')).toHaveValue('ana@correo.es');
  });

  it('names the empty fields without calling the API', async () => {
    const { api, send } = apiSigningIn(() => Promise.resolve(info));
    renderApp('/login', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Escribe tu correo electrónico o tu documento.')).toBeInTheDocument();
    expect(screen.getByText('Escribe tu contraseña.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('goes back to the screen that was asked for after signing in', async () => {
    const { api } = apiSigningIn(() => Promise.resolve(info));
    const { router } = renderApp('/notificaciones', { api });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await userEvent.type(await screen.findByLabelText('Correo electrónico o documento'), 'ana@correo.es');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'la-buena-del-barco');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notificaciones'));
  });

  it('shows and hides the password', async () => {
    renderApp('/login');
    const password = await screen.findByLabelText('Contraseña');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar la contraseña' }));
    expect(password).toHaveAttribute('type', 'text');
  });
});

describe('what a form needs to check and to answer', () => {
  it('is asked for once the person moves into the form, not with the screen (the sign-in screen)', async () => {
    vi.mocked(loadMessageFor).mockClear();
    vi.mocked(loadSignInSchema).mockClear();
    renderApp('/login');
    await screen.findByLabelText('Correo electrónico o documento');
    expect(loadMessageFor).not.toHaveBeenCalled();
    expect(loadSignInSchema).not.toHaveBeenCalled();

    // The keyboard's way in counts as much as a press.
    while (!document.activeElement?.closest('form')) await userEvent.tab();
    expect(loadMessageFor).toHaveBeenCalledTimes(1);
    expect(loadSignInSchema).toHaveBeenCalled();

    // A press focuses the field as well.
    vi.mocked(loadMessageFor).mockClear();
    await userEvent.click(screen.getByLabelText('Contraseña'));
    expect(loadMessageFor).toHaveBeenCalled();
  });

  it('a field checked before the person moved into the form still gets its words', async () => {
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Correo electrónico o documento')).toHaveAccessibleDescription(/./),
    );
  });
});
