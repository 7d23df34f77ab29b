import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { addDays } from '../../domain/calendar.ts';
import { answeringApi, renderApp } from '../../test/fixtures.tsx';
import { boats, BRISA, GAVIOTA, person, today } from './authorisations.fixtures.ts';

const created = () =>
  person({
    id: 'aaaaaaaa-0000-4000-8000-000000000009',
    state: 'pending',
    validatedAt: null,
    code: {
      channel: 'sms',
      destination: '+34 6•• ••• •11',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
    },
  });

/** Marta's data and licence: the form's fields before the boats. */
async function fillPersonAndLicence({ licenceExpiresOn = addDays(today, 300) } = {}) {
  await userEvent.type(await screen.findByLabelText('Nombre'), 'Marta');
  await userEvent.type(screen.getByLabelText('Apellidos'), 'Vidal Roig');
  await userEvent.type(screen.getByLabelText('DNI, NIE o pasaporte'), '12345678z');
  await userEvent.type(screen.getByLabelText('Teléfono móvil'), '612 000 111');
  await userEvent.type(screen.getByLabelText('Correo electrónico'), 'Marta@Correo.es');
  await userEvent.selectOptions(screen.getByLabelText('Tipo de titulación'), 'Patrón de Navegación Básica (PNB)');
  await userEvent.type(screen.getByLabelText('Número de la titulación'), 'PNB-123');
  await userEvent.type(screen.getByLabelText('Caducidad de la titulación'), licenceExpiresOn);
}

/** The whole form for Marta on Gaviota for 60 days. */
async function fillPerson({ licenceExpiresOn = addDays(today, 300) } = {}) {
  await fillPersonAndLicence({ licenceExpiresOn });
  await userEvent.click(screen.getByRole('checkbox', { name: 'Gaviota (7ª-BA-1-23-19)' }));
  await userEvent.type(screen.getByLabelText('Hasta (opcional)'), addDays(today, 60));
}

const body = {
  firstName: 'Marta',
  surnames: 'Vidal Roig',
  document: '12345678Z',
  phone: '+34612000111',
  email: 'marta@correo.es',
  licence: { type: 'pnb', number: 'PNB-123', expiresOn: addDays(today, 300) },
  boatIds: [GAVIOTA],
  validFrom: today,
  validTo: addDays(today, 60),
};

describe('alta-autorizado', () => {
  it('offers only the owner’s own boats, sends the person and goes on to type their code', async () => {
    const { api, create } = answeringApi({
      'GET boats': () => ({ boats: boats() }),
      'POST authorisations': () => created(),
    });
    const { router } = renderApp('/alta-autorizado', { api });
    const group = await screen.findByRole('group', { name: 'Barcos que podrá usar' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.closest('div')!.textContent),
    ).toEqual(['Gaviota (7ª-BA-1-23-19)', 'Brisa (7ª-BA-9-99-20)']);
    expect(screen.getByLabelText('Desde')).toHaveValue(today);
    expect(
      within(screen.getByLabelText('Tipo de titulación'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Elige el tipo',
      'Patrón de Embarcaciones de Recreo (PER)',
      'Patrón de Navegación Básica (PNB)',
      'Patrón de Yate',
      'Capitán de Yate',
      'Licencia de navegación',
      'Titulación extranjera',
    ]);
    await fillPerson();
    await userEvent.click(screen.getByRole('button', { name: 'Autorizar y enviar el código' }));

    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/validar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000009',
      ),
    );
    expect(create).toHaveBeenCalledWith('authorisations', body, { idempotencyKey: expect.any(String) });
    expect(
      await screen.findByText('Hemos enviado un código de 6 cifras a Marta Vidal Roig por SMS al +34 6•• ••• •11.'),
    ).toBeInTheDocument();
  });

  it('names each missing field in Spanish before anything is sent', async () => {
    const { api, create } = answeringApi({ 'GET boats': () => ({ boats: boats() }) });
    renderApp('/alta-autorizado', { api });
    await screen.findByRole('group', { name: 'Barcos que podrá usar' });
    await userEvent.click(screen.getByRole('button', { name: 'Autorizar y enviar el código' }));
    const document = screen.getByLabelText('DNI, NIE o pasaporte');
    await waitFor(() =>
      expect(document).toHaveAccessibleDescription(/Escribe el DNI, NIE o pasaporte de la persona\./),
    );
    expect(screen.getByLabelText('Teléfono móvil')).toHaveAccessibleDescription(
      /Escribe el teléfono móvil de la persona\./,
    );
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription(
      /Escribe el correo electrónico de la persona\./,
    );
    expect(screen.getByRole('group', { name: 'Barcos que podrá usar' })).toHaveAccessibleDescription(
      /Elige al menos un barco\./,
    );
    expect(screen.getByLabelText('Nombre')).toHaveFocus();
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses a licence that expires inside the period, on the licence’s expiry', async () => {
    const { api, create } = answeringApi({ 'GET boats': () => ({ boats: boats() }) });
    renderApp('/alta-autorizado', { api });
    await fillPerson({ licenceExpiresOn: addDays(today, 30) });
    await userEvent.click(screen.getByRole('button', { name: 'Autorizar y enviar el código' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Caducidad de la titulación')).toHaveAccessibleDescription(
        /La titulación caduca antes de que termine el periodo autorizado\./,
      ),
    );
    expect(create).not.toHaveBeenCalled();
  });

  it.each([
    [
      'authorisation_limit_reached',
      () => screen.getByRole('group', { name: 'Barcos que podrá usar' }),
      /Uno de los barcos ya tiene el máximo de personas autorizadas/,
    ],
    [
      'authorisation_duplicate',
      () => screen.getByRole('group', { name: 'Barcos que podrá usar' }),
      /Esa persona ya está autorizada \(o pendiente de validar\) en uno de estos barcos\./,
    ],
    [
      'licence_expires_in_period',
      () => screen.getByLabelText('Caducidad de la titulación'),
      /caduca antes de que termine el periodo autorizado/,
    ],
  ] as const)('shows the server’s %s on its field and keeps what was typed', async (code, field, message) => {
    const { api } = answeringApi({
      'GET boats': () => ({ boats: boats() }),
      'POST authorisations': () => {
        throw new ApiError(code, { status: 409 });
      },
    });
    renderApp('/alta-autorizado', { api });
    await fillPerson();
    await userEvent.click(screen.getByRole('button', { name: 'Autorizar y enviar el código' }));
    await waitFor(() => expect(field()).toHaveAccessibleDescription(message));
    expect(screen.getByLabelText('Nombre')).toHaveValue('Marta');
    expect(screen.getByLabelText('Número de la titulación')).toHaveValue('PNB-123');
    expect(screen.getByRole('checkbox', { name: 'Gaviota (7ª-BA-1-23-19)' })).toBeChecked();
  });

  it('after a lost answer, sends again with the same key: the person is never added twice', async () => {
    let calls = 0;
    const { api, create } = answeringApi({
      'GET boats': () => ({ boats: boats() }),
      'POST authorisations': () => {
        calls += 1;
        if (calls === 1) throw new ApiError('network_error');
        return created();
      },
    });
    const { router } = renderApp('/alta-autorizado', { api });
    await fillPerson();
    await userEvent.click(screen.getByRole('button', { name: 'Autorizar y enviar el código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se ha perdido lo que escribiste.');
    await userEvent.click(screen.getByRole('button', { name: 'Autorizar y enviar el código' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/validar-autorizado'));
    expect(create.mock.calls[1]![2].idempotencyKey).toBe(create.mock.calls[0]![2].idempotencyKey);
  });

  it('with one boat of their own, has it ticked and sends it as the list of one', async () => {
    const { api, create } = answeringApi({
      'GET boats': () => ({ boats: boats().slice(0, 1) }),
      'POST authorisations': () => created(),
    });
    const { router } = renderApp('/alta-autorizado', { api });
    expect(await screen.findByRole('checkbox', { name: 'Gaviota (7ª-BA-1-23-19)' })).toBeChecked();
    await fillPersonAndLicence();
    await userEvent.click(screen.getByRole('button', { name: 'Autorizar y enviar el código' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/validar-autorizado'));
    expect(create).toHaveBeenCalledWith(
      'authorisations',
      { ...body, validTo: null },
      { idempotencyKey: expect.any(String) },
    );
  });

  it('opened from a boat, has that boat ticked', async () => {
    renderApp(`/alta-autorizado?barco=${BRISA}`, {
      api: answeringApi({ 'GET boats': () => ({ boats: boats() }) }).api,
    });
    expect(await screen.findByRole('checkbox', { name: 'Brisa (7ª-BA-9-99-20)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Gaviota (7ª-BA-1-23-19)' })).not.toBeChecked();
  });
});
