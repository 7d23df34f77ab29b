import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { Contract } from '../../domain/boats.ts';
import { addDays } from '../../domain/calendar.ts';
import { findStatus, renderApp } from '../../test/fixtures.tsx';
import { boatsApi, pdfFile, readyBoat, today, uninsuredBoat } from './boats.fixtures.ts';

const NEW_BOAT_ID = '44444444-4444-4444-8444-444444444444';
const contract: Contract = {
  id: 'c9',
  boatId: NEW_BOAT_ID,
  plan: 'seasonal',
  status: 'requested',
  startsOn: today,
  endsOn: addDays(today, 100),
  requestedAt: new Date().toISOString(),
  decidedAt: null,
  rejectionReason: null,
};

/** The listed boat with no contract (its last one was rejected) may ask for one; the other has one open. */
const rejected = { ...uninsuredBoat(), contract: { ...readyBoat().contract!, id: 'c2', status: 'rejected' as const } };

async function fillNewBoat() {
  await userEvent.click(await screen.findByRole('radio', { name: 'Un barco nuevo' }));
  const boat = screen.getByRole('group', { name: 'Datos del barco nuevo' });
  await userEvent.type(within(boat).getByLabelText('Nombre del barco'), 'Cormorán');
  await userEvent.type(within(boat).getByLabelText('Matrícula'), '7ª-BA-2-34-20');
  await userEvent.type(within(boat).getByLabelText('Eslora (m)'), '8,4');
  await userEvent.type(within(boat).getByLabelText('Manga (m)'), '2,9');
  const insurance = screen.getByRole('group', { name: 'Seguro del barco nuevo' });
  await userEvent.type(within(insurance).getByLabelText('Aseguradora'), 'Mapfre');
  await userEvent.type(within(insurance).getByLabelText('Número de póliza'), 'POL-77');
  await userEvent.type(within(insurance).getByLabelText('Caducidad del seguro'), addDays(today, 300));
  await userEvent.click(screen.getByRole('radio', { name: 'Temporada' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'He leído y acepto las condiciones del contrato.' }));
}

describe('alta-contrato', () => {
  it('says it is loading, then states the marina’s limits and preselects the boat of the link', async () => {
    let answer: (value: unknown) => void = () => {};
    const { api, get } = boatsApi({ 'GET boats': () => new Promise((resolve) => (answer = resolve)) });
    renderApp(`/alta-contrato?barco=${rejected.id}`, { api });
    await waitFor(() => expect(get).toHaveBeenCalledWith('boats'));
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    // Someone else's boat the person is authorised on is not theirs to store.
    answer({
      boats: [
        readyBoat(),
        rejected,
        { ...rejected, id: '99999999-9999-4999-8999-999999999999', name: 'Ajeno', role: 'authorised' },
      ],
    });

    expect(
      await screen.findByText('El puerto admite barcos de hasta 12 m de eslora y 4 m de manga.'),
    ).toBeInTheDocument();
    // One form in three numbered parts, done in order.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '1El barco',
      '2Modalidad y fechas',
      '3Confirmar',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Modalidad y fechas' })).toBeInTheDocument();
    const boats = screen.getByRole('group', { name: '¿Para qué barco?' });
    // The boat with an active contract is not offered.
    expect(
      within(boats)
        .getAllByRole('radio')
        .map((radio) => radio.closest('div')!.textContent),
    ).toEqual(['Albatros (PM-1234-AB)', 'Un barco nuevo']);
    expect(within(boats).getByRole('radio', { name: 'Albatros (PM-1234-AB)' })).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Datos del barco nuevo' })).toBeNull();
    expect(screen.getByLabelText('Fecha de inicio')).toHaveValue(today);
  });

  it('says on each plan what it means from the first day: a season asked for now runs to next October', async () => {
    const { api } = boatsApi({ 'GET boats': () => ({ boats: [] }) });
    renderApp('/alta-contrato', { api });
    const season = await screen.findByRole('radio', { name: 'Temporada' });
    expect(season).toHaveAccessibleDescription(/^Hasta el fin de la temporada, el (.*31 de octubre|31\/10\/)/);
    expect(screen.getByRole('radio', { name: 'Anual' })).toHaveAccessibleDescription(/^Un año entero: hasta el /);
  });

  it('shows the server’s field errors on the new boat’s fields and keeps everything typed', async () => {
    const { api, create } = boatsApi({
      'GET boats': () => ({ boats: [] }),
      'POST contracts': () => {
        throw new ApiError('validation_failed', {
          status: 400,
          fieldErrors: [{ field: 'boat.lengthM', code: 'too_large', message: 'El puerto admite como mucho 8 m.' }],
        });
      },
    });
    renderApp('/alta-contrato', { api });
    // No boats listed: the new boat's fields at once.
    await screen.findByRole('group', { name: 'Datos del barco nuevo' });
    expect(screen.queryByRole('radio', { name: 'Un barco nuevo' })).toBeNull();
    await fillNewBoatFields();
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar contrato' }));

    const length = screen.getByLabelText('Eslora (m)');
    await waitFor(() => expect(length).toHaveAccessibleDescription(/El puerto admite como mucho 8 m\./));
    await waitFor(() => expect(length).toHaveFocus());
    expect(length).toHaveValue('8,4');
    expect(screen.getByLabelText('Nombre del barco')).toHaveValue('Cormorán');
    expect(screen.getByRole('checkbox', { name: 'He leído y acepto las condiciones del contrato.' })).toBeChecked();
    expect(create).toHaveBeenCalledWith(
      'contracts',
      {
        boat: {
          name: 'Cormorán',
          registration: '7ª-BA-2-34-20',
          make: '',
          model: '',
          lengthM: 8.4,
          beamM: 2.9,
          engine: '',
        },
        insurance: { insurer: 'Mapfre', policyNumber: 'POL-77', expiresOn: addDays(today, 300) },
        plan: 'seasonal',
        startsOn: today,
        acceptConditions: true,
      },
      { idempotencyKey: expect.any(String) },
    );
  });

  it('after a failed call, sends again with the same key, then uploads the certificate to the new boat', async () => {
    let calls = 0;
    const { api, create, send } = boatsApi({
      'GET boats': () => ({ boats: [rejected] }),
      'POST contracts': () => {
        calls += 1;
        if (calls === 1) throw new ApiError('network_error');
        return contract;
      },
      [`PUT boats/${NEW_BOAT_ID}/insurance-certificate`]: () => ({}),
    });
    const { router } = renderApp('/alta-contrato', { api });
    await fillNewBoat();
    await userEvent.upload(screen.getByLabelText('Certificado del seguro (opcional)'), pdfFile());
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar contrato' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se ha perdido lo que escribiste.');
    expect(send).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Solicitar contrato' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/misbarcos'));
    expect(create).toHaveBeenCalledTimes(2);
    expect(create.mock.calls[1]![2].idempotencyKey).toBe(create.mock.calls[0]![2].idempotencyKey);
    expect(send).toHaveBeenCalledWith('put', `boats/${NEW_BOAT_ID}/insurance-certificate`, expect.any(Blob));
    await findStatus('Solicitud enviada. El puerto la revisará y te avisará cuando la apruebe.');
  });

  it('a failed certificate upload never asks for the contract again', async () => {
    let uploads = 0;
    const { api, create } = boatsApi({
      'GET boats': () => ({ boats: [] }),
      'POST contracts': () => contract,
      [`PUT boats/${NEW_BOAT_ID}/insurance-certificate`]: () => {
        uploads += 1;
        if (uploads === 1) throw new ApiError('network_error');
        return {};
      },
    });
    const { router } = renderApp('/alta-contrato', { api });
    await screen.findByRole('group', { name: 'Datos del barco nuevo' });
    await fillNewBoatFields();
    await userEvent.upload(screen.getByLabelText('Certificado del seguro (opcional)'), pdfFile());
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar contrato' }));
    expect(await screen.findByText(/Tu solicitud ya está enviada; falta subir el certificado/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Solicitar contrato' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/misbarcos'));
    expect(create).toHaveBeenCalledTimes(1);
    expect(uploads).toBe(2);
  });

  it('refuses a certificate that is not a PDF, JPEG or PNG before anything is sent', async () => {
    const { api, create } = boatsApi({ 'GET boats': () => ({ boats: [] }) });
    renderApp('/alta-contrato', { api });
    await screen.findByRole('group', { name: 'Datos del barco nuevo' });
    await fillNewBoatFields();
    const file = screen.getByLabelText('Certificado del seguro (opcional)');
    await userEvent.upload(
      file,
      new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'seguro.png', { type: 'image/png' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar contrato' }));
    await waitFor(() => expect(file).toHaveAccessibleDescription(/Debe ser un PDF, JPEG o PNG\./));
    expect(create).not.toHaveBeenCalled();
  });

  it('says on the boat’s choice that it already has a contract open', async () => {
    const { api } = boatsApi({
      'GET boats': () => ({ boats: [rejected] }),
      'POST contracts': () => {
        throw new ApiError('contract_already_open', { status: 409 });
      },
    });
    renderApp(`/alta-contrato?barco=${rejected.id}`, { api });
    await userEvent.click(await screen.findByRole('radio', { name: 'Anual' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'He leído y acepto las condiciones del contrato.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar contrato' }));
    const group = screen.getByRole('group', { name: '¿Para qué barco?' });
    await waitFor(() =>
      expect(group).toHaveAccessibleDescription('Este barco ya tiene un contrato activo o pendiente de aprobación.'),
    );
  });
});

/** The new boat's data, its policy, a plan and the conditions, when its fields show at once. */
async function fillNewBoatFields() {
  await userEvent.type(screen.getByLabelText('Nombre del barco'), 'Cormorán');
  await userEvent.type(screen.getByLabelText('Matrícula'), '7ª-BA-2-34-20');
  await userEvent.type(screen.getByLabelText('Eslora (m)'), '8,4');
  await userEvent.type(screen.getByLabelText('Manga (m)'), '2,9');
  await userEvent.type(screen.getByLabelText('Aseguradora'), 'Mapfre');
  await userEvent.type(screen.getByLabelText('Número de póliza'), 'POL-77');
  await userEvent.type(screen.getByLabelText('Caducidad del seguro'), addDays(today, 300));
  await userEvent.click(screen.getByRole('radio', { name: 'Temporada' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'He leído y acepto las condiciones del contrato.' }));
}
