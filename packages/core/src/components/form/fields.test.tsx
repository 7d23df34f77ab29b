import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client.ts';
import { renderApp, signedOutApi } from '../../test/fixtures.tsx';

describe('the password strength hint', () => {
  async function typeNewPassword(password: string) {
    const api: ApiClient = {
      ...signedOutApi(),
      get: (async () => ({ firstName: 'Ana', email: 'a•••@correo.es' })) as ApiClient['get'],
    };
    renderApp('/activar?token=tok', { api });
    await userEvent.type(await screen.findByLabelText('Contraseña nueva'), password);
    return screen.getByText(/^Seguridad:/);
  }

  it('does not call an 8-character password too short', async () => {
    const hint = await typeNewPassword('barcoazu');
    expect(hint).toHaveTextContent(/^Seguridad: débil\./);
    expect(hint).not.toHaveTextContent(/al menos 8/);
  });

  it('asks for 8 characters when there are 7', async () => {
    expect(await typeNewPassword('barcoaz')).toHaveTextContent('Seguridad: débil. Usa al menos 8 caracteres');
  });
});
