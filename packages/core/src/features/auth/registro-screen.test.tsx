import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import type { RegistrationStarted } from '../../domain/accounts.ts';
import { renderApp, signedOutApi } from '../../test/fixtures.tsx';

const started: RegistrationStarted = {
  registrationId: 'reg-1',
  channel: 'sms',
  destination: '+34 6•• ••• •78',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
};

async function fillForm() {
  await userEvent.type(await screen.findByLabelText('Nombre'), 'Ana');
  await userEvent.type(screen.getByLabelText('Apellidos'), 'García Pons');
  await userEvent.type(screen.getByLabelText('DNI, NIE o pasaporte'), '12345678Z');
  await userEvent.type(screen.getByLabelText('Correo electrónico'), 'ana@correo.es');
  await userEvent.type(screen.getByLabelText('Teléfono móvil'), '612 345 678');
  await userEvent.click(screen.getByLabelText('He leído y acepto la política de privacidad de la marina.'));
}

describe('registro', () => {
  it('is the first of three steps, its fields in two named parts, the privacy policy read where it is accepted', async () => {
    renderApp('/registro', { api: signedOutApi() });
    expect(await screen.findByText('Paso 1 de 3 · Tus datos')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Sobre ti' })).toContainElement(screen.getByLabelText('Nombre'));
    expect(screen.getByRole('group', { name: 'Dónde avisarte' })).toContainElement(
      screen.getByLabelText('Teléfono móvil'),
    );
    const policy = screen.getByText('Leer la política de privacidad');
    expect(screen.queryByText(/No se ceden a terceros/)).not.toBeVisible();
    await userEvent.click(policy);
    expect(screen.getByText(/No se ceden a terceros/)).toBeVisible();
  });

  it('keeps the form after a network failure and retries with the same Idempotency-Key', async () => {
    const create = vi.fn().mockRejectedValueOnce(new ApiError('network_error')).mockResolvedValueOnce(started);
    const api: ApiClient = { ...signedOutApi(), create };
    const { router } = renderApp('/registro', { api });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    // A form can say it: what was typed is still there.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No hay conexión. Comprueba tu cobertura e inténtalo de nuevo. No se ha perdido lo que escribiste.',
    );
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@correo.es');

    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/validar-registro'));
    expect(router.state.location.search).toBe('?id=reg-1');
    const [first, second] = create.mock.calls;
    expect(first![2].idempotencyKey).toBe(second![2].idempotencyKey);
    // The second step says where the code went, the address in bold inside the sentence.
    expect(await screen.findByText('Paso 2 de 3 · Tu código')).toBeInTheDocument();
    expect((await screen.findByText('+34 6•• ••• •78')).closest('p')).toHaveTextContent(
      'Te hemos enviado un código de 6 cifras por SMS al +34 6•• ••• •78. Caduca a los 10 minutos.',
    );
    expect(screen.getByLabelText('Código de verificación')).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it("marks the field the server refuses, with the server's words", async () => {
    const create = vi.fn().mockRejectedValue(
      new ApiError('validation_failed', {
        status: 400,
        fieldErrors: [{ field: 'document', code: 'invalid', message: 'La letra no corresponde al número. Revísalo.' }],
      }),
    );
    renderApp('/registro', { api: { ...signedOutApi(), create } });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const document = screen.getByLabelText('DNI, NIE o pasaporte');
    await waitFor(() => expect(document).toHaveAttribute('aria-invalid', 'true'));
    expect(document).toHaveAccessibleDescription(/La letra no corresponde/);
    await waitFor(() => expect(document).toHaveFocus());
  });
});
