import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import { renderApp, signedOutApi } from '../../test/fixtures.tsx';

/** How many times `text` is on the screen, wherever it is. */
const times = (text: string | RegExp) => screen.queryAllByText(text).length;

describe('a form says each problem once, and only while it is current', () => {
  it('validar-registro: a wrong code under the field only; typing replaces it with the new problem', async () => {
    const send = vi.fn().mockRejectedValue(new ApiError('code_invalid', { status: 422 }));
    renderApp('/validar-registro?id=reg-1', { api: { ...signedOutApi(), send } });
    const code = await screen.findByLabelText('Código de verificación');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Validar' }));

    await waitFor(() => expect(code).toHaveAccessibleDescription(/El código no es correcto/));
    expect(times(/El código no es correcto/)).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(code).toHaveFocus());

    await userEvent.clear(code);
    await userEvent.type(code, '12ab');
    await waitFor(() => expect(code).toHaveAccessibleDescription('El código tiene 6 cifras.'));
    expect(times(/El código no es correcto/)).toBe(0);
    expect(times('El código tiene 6 cifras.')).toBe(1);
  });

  it('the same wrong code typed again is still wrong, without asking the server', async () => {
    const send = vi.fn().mockRejectedValue(new ApiError('code_invalid', { status: 422 }));
    renderApp('/validar-registro?id=reg-1', { api: { ...signedOutApi(), send } });
    const code = await screen.findByLabelText('Código de verificación');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Validar' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/El código no es correcto/));
    await userEvent.type(code, '1{Backspace}');
    expect(code).toHaveAccessibleDescription(/El código no es correcto/);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('activar: a refused password is one message, with no strength meter beside it', async () => {
    const api: ApiClient = {
      ...signedOutApi(),
      get: (async () => ({ firstName: 'Ana', email: 'a•••@correo.es' })) as ApiClient['get'],
      create: vi.fn().mockRejectedValue(new ApiError('password_too_common', { status: 422 })),
    };
    renderApp('/activar?token=tok', { api });
    const password = await screen.findByLabelText('Contraseña nueva');
    await userEvent.type(password, 'contraseña');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));

    await waitFor(() => expect(password).toHaveAccessibleDescription(/de las más usadas/));
    expect(times(/de las más usadas/)).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(times(/^Seguridad:/)).toBe(0);
  });

  it('login: wrong credentials are said under the password only', async () => {
    const send = vi.fn().mockRejectedValue(new ApiError('invalid_credentials', { status: 401 }));
    renderApp('/login', { api: { ...signedOutApi(), send } });
    await userEvent.type(await screen.findByLabelText('Correo electrónico o documento'), 'ana@correo.es');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'equivocada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(
        'El usuario o la contraseña no son correctos.',
      ),
    );
    expect(times('El usuario o la contraseña no son correctos.')).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a problem of no field shows in a banner, which goes when the person edits the form', async () => {
    const send = vi.fn().mockRejectedValue(new ApiError('rate_limited', { status: 429 }));
    renderApp('/login', { api: { ...signedOutApi(), send } });
    const identifier = await screen.findByLabelText('Correo electrónico o documento');
    await userEvent.type(identifier, 'ana@correo.es');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'equivocada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos');
    await userEvent.type(identifier, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
