import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { answeringApi, renderApp } from '../../test/fixtures.tsx';
import { addDays } from '../../domain/calendar.ts';
import { formatDay } from '../../domain/format-dates.ts';
import { person, today } from './authorisations.fixtures.ts';

const pending = (resendIn = 60_000) =>
  person({
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    state: 'pending',
    validatedAt: null,
    code: {
      channel: 'email',
      destination: 'm•••@correo.es',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      resendAvailableAt: new Date(Date.now() + resendIn).toISOString(),
    },
  });

describe('validar-autorizado', () => {
  it('says where the code went, takes it, and goes back to the list saying so', async () => {
    const { api, send } = answeringApi({
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000002': () => pending(),
      'POST authorisations/aaaaaaaa-0000-4000-8000-000000000002/validate': () =>
        person({ id: 'aaaaaaaa-0000-4000-8000-000000000002' }),
      'GET authorisations': () => ({ authorisations: [person({ id: 'aaaaaaaa-0000-4000-8000-000000000002' })] }),
      'GET boats': () => ({ boats: [] }),
    });
    const { router } = renderApp('/validar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000002', { api });
    expect(
      await screen.findByText(
        'Hemos enviado un código de 6 cifras a Marta Vidal Roig por correo electrónico a m•••@correo.es.',
      ),
    ).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Marta Vidal Roig' });
    expect(summary).toHaveTextContent('Marta Vidal RoigPendiente de validar');
    expect(summary).toHaveTextContent(`Gaviota · del ${formatDay(today)} al ${formatDay(addDays(today, 60))}`);
    const code = screen.getByLabelText('Código de la persona autorizada');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: /^Podrás pedir otro código en \d+ s$/ })).toBeDisabled();

    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Validar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/autorizados'));
    expect(send).toHaveBeenCalledWith('post', 'authorisations/aaaaaaaa-0000-4000-8000-000000000002/validate', {
      code: '123456',
    });
    expect(
      await screen.findByText(
        'Autorización de Marta Vidal Roig validada: ya puede usar los barcos dentro de su periodo, desde la cuenta de Marta Vidal Roig.',
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('says how the person will see the boats when no account of theirs has proven the contact yet (decision 038)', async () => {
    const { api } = answeringApi({
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000002': () => pending(),
      'POST authorisations/aaaaaaaa-0000-4000-8000-000000000002/validate': () =>
        person({ id: 'aaaaaaaa-0000-4000-8000-000000000002', account: null }),
      'GET authorisations': () => ({
        authorisations: [person({ id: 'aaaaaaaa-0000-4000-8000-000000000002', account: null })],
      }),
      'GET boats': () => ({ boats: [] }),
    });
    renderApp('/validar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000002', { api });
    await userEvent.type(await screen.findByLabelText('Código de la persona autorizada'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Validar' }));
    expect(
      await screen.findByText(
        'Autorización de Marta Vidal Roig validada. Podrá usar los barcos dentro de su periodo cuando entre en la aplicación con una cuenta que tenga su documento y el teléfono o el correo que diste.',
      ),
    ).toHaveAttribute('role', 'status');
  });

  it.each([
    ['code_invalid', 'El código no es correcto. Revisa el último mensaje que te hemos enviado.'],
    ['code_expired', 'El código ha caducado. Pide uno nuevo.'],
    ['code_attempts_exceeded', 'Has superado los intentos con este código. Pide uno nuevo.'],
  ] as const)('a %s is said under the code, which stays typed', async (error, message) => {
    const { api } = answeringApi({
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000002': () => pending(),
      'POST authorisations/aaaaaaaa-0000-4000-8000-000000000002/validate': () => {
        throw new ApiError(error, { status: 400 });
      },
    });
    renderApp('/validar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000002', { api });
    const code = await screen.findByLabelText('Código de la persona autorizada');
    await userEvent.type(code, '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Validar' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(message));
    expect(code).toHaveValue('999999');
    expect(code).toHaveFocus();
  });

  it('a wrong code says under it how many tries are left, as the server counts them', async () => {
    const { api } = answeringApi({
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000002': () => pending(),
      'POST authorisations/aaaaaaaa-0000-4000-8000-000000000002/validate': () => {
        throw new ApiError('code_invalid', {
          status: 422,
          detail: 'El código no es correcto. Te quedan 2 intentos.',
          fieldErrors: [
            { field: 'code', code: 'code_invalid', message: 'El código no es correcto. Te quedan 2 intentos.' },
          ],
        });
      },
    });
    renderApp('/validar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000002', { api });
    const code = await screen.findByLabelText('Código de la persona autorizada');
    await userEvent.type(code, '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Validar' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('El código no es correcto. Te quedan 2 intentos.'));
    expect(code).toHaveFocus();
  });

  it('a code of the wrong length is named before anything is sent', async () => {
    const { api, send } = answeringApi({ 'GET authorisations/aaaaaaaa-0000-4000-8000-000000000002': () => pending() });
    renderApp('/validar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000002', { api });
    const code = await screen.findByLabelText('Código de la persona autorizada');
    await userEvent.click(screen.getByRole('button', { name: 'Validar' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('Escribe el código que ha recibido la persona autorizada.'),
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('sends another code once the wait is over, and the new wait starts', async () => {
    const { api, send } = answeringApi({
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000002': () => pending(0),
      // The API answers the pending authorisation with its new code.
      'POST authorisations/aaaaaaaa-0000-4000-8000-000000000002/resend': () => pending(60_000),
    });
    renderApp('/validar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000002', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar otro código' }));
    expect(await screen.findByText('Te hemos enviado un código nuevo. El anterior ya no sirve.')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith('post', 'authorisations/aaaaaaaa-0000-4000-8000-000000000002/resend', {});
    expect(screen.getByRole('button', { name: /^Podrás pedir otro código en \d+ s$/ })).toBeDisabled();
  });

  it('an id that is not one of the owner’s, or none, leads back to the list', async () => {
    renderApp('/validar-autorizado?id=otro', { api: answeringApi({}).api });
    expect(await screen.findByText(/No hemos encontrado esta autorización entre las tuyas/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Autorizados' })).toHaveAttribute('href', '/autorizados');
  });

  it('a person already validated has no code to type', async () => {
    renderApp('/validar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000001', {
      api: answeringApi({ 'GET authorisations/aaaaaaaa-0000-4000-8000-000000000001': () => person() }).api,
    });
    expect(await screen.findByText('Esta autorización ya está validada.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Código de la persona autorizada')).toBeNull();
  });
});
