import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import type { SessionInfo } from '../../domain/accounts.ts';
import { addDays, todayIn } from '../../domain/calendar.ts';
import type { DataValidationStatus } from '../../domain/data-validation.ts';
import { renderApp, testMarina, testSession } from '../../test/fixtures.tsx';

const today = todayIn(testMarina.timeZone);
const BOAT = '11111111-1111-4111-8111-111111111111';

const dueStatus: DataValidationStatus = {
  due: true,
  reasons: [
    {
      code: 'data_validation_due',
      text: 'Datos pendientes de validar',
      fix: { label: 'Validar mis datos', to: '/validar-datos' },
    },
  ],
  validatedAt: null,
  nextDueOn: null,
  data: {
    firstName: 'Ana',
    surnames: 'García',
    email: 'ana@correo.es',
    phone: '+34612345678',
    document: '12345678Z',
    documentExpiresOn: null,
    licence: null,
    boats: [
      {
        id: BOAT,
        name: 'Gaviota',
        registration: 'PM-1234-AB',
        insurance: { insurer: 'Mapfre', policyNumber: 'POL-1', expiresOn: addDays(today, 100), certificate: null },
      },
    ],
  },
};

/** Signed in as Ana, whose data are due until `POST data-validation` succeeds (`post` decides how it answers). */
function validationApi(post: (body: unknown) => unknown, status: DataValidationStatus = dueStatus) {
  let due = status.due;
  const session = (): SessionInfo => ({ ...testSession, account: { ...testSession.account, dataValidationDue: due } });
  const get = vi.fn(async (path: string) => {
    if (path === 'session') return session();
    if (path === 'client') return testMarina;
    if (path === 'data-validation') return status;
    if (path === 'boats') return { boats: [] };
    throw new ApiError('not_found', { status: 404 });
  });
  const send = vi.fn(async (_method: string, _path: string, body?: unknown) => {
    const answer = post(body);
    due = false;
    return answer;
  });
  const api: ApiClient = {
    get: get as ApiClient['get'],
    send: send as ApiClient['send'],
    create: async () => {
      throw new Error('not used');
    },
  };
  return { api, send };
}

async function fillRequired() {
  await userEvent.type(await screen.findByLabelText('Caducidad del documento de identidad'), addDays(today, 700));
  await userEvent.selectOptions(screen.getByLabelText('Tipo de titulación'), 'Patrón de Embarcaciones de Recreo (PER)');
  await userEvent.type(screen.getByLabelText('Número de la titulación'), 'PER-123');
  await userEvent.type(screen.getByLabelText('Caducidad de la titulación'), addDays(today, 900));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Confirmo que mis datos son correctos.' }));
}

describe('validar-datos', () => {
  it('says it is loading, then shows the data to review, why it is due, and where to change the contact', async () => {
    let answer: (value: DataValidationStatus) => void = () => {};
    const { api } = validationApi(() => dueStatus);
    const get = api.get;
    api.get = (async (path: string) =>
      path === 'data-validation'
        ? new Promise<DataValidationStatus>((resolve) => (answer = resolve))
        : get(path)) as ApiClient['get'];
    renderApp('/validar-datos', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Validar mis datos' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Cargando…')).toBeInTheDocument());
    answer(dueStatus);

    expect(await screen.findByText('Datos pendientes de validar')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Ana');
    const personal = screen.getByRole('group', { name: 'Datos personales' });
    expect(personal).toHaveTextContent('ana@correo.es');
    expect(personal).toHaveTextContent('+34 612 345 678');
    expect(personal).toHaveTextContent('12345678Z');
    expect(within(personal).getByRole('link', { name: 'Cambiar el correo o el móvil en Mi cuenta' })).toHaveAttribute(
      'href',
      '/micuenta',
    );
    expect(screen.getByLabelText('Aseguradora de Gaviota')).toHaveValue('Mapfre');
  });

  it('when not due, says until when the data hold', async () => {
    const confirmed: DataValidationStatus = {
      ...dueStatus,
      due: false,
      reasons: [],
      validatedAt: '2026-01-10T10:00:00Z',
      nextDueOn: '2027-01-10',
    };
    renderApp('/validar-datos', { api: validationApi(() => confirmed, confirmed).api });
    expect(
      await screen.findByText(/Tus datos están confirmados hasta el domingo 10 de enero de 2027\./),
    ).toBeInTheDocument();
  });

  it('shows the server’s field errors on their fields and keeps what was typed', async () => {
    const { api, send } = validationApi(() => {
      throw new ApiError('validation_failed', {
        status: 400,
        fieldErrors: [{ field: 'licence.number', code: 'invalid', message: 'Número de la titulación: no es válido.' }],
      });
    });
    renderApp('/validar-datos', { api });
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar mis datos' }));
    const number = screen.getByLabelText('Número de la titulación');
    await waitFor(() => expect(number).toHaveAccessibleDescription('Número de la titulación: no es válido.'));
    expect(number).toHaveValue('PER-123');
    expect(screen.getByRole('checkbox', { name: 'Confirmo que mis datos son correctos.' })).toBeChecked();
    expect(send).toHaveBeenCalledWith('post', 'data-validation', {
      firstName: 'Ana',
      surnames: 'García',
      documentExpiresOn: addDays(today, 700),
      licence: { type: 'per', number: 'PER-123', expiresOn: addDays(today, 900) },
      boats: [{ boatId: BOAT, insurer: 'Mapfre', policyNumber: 'POL-1', expiresOn: addDays(today, 100) }],
      confirm: true,
    });
  });

  it('"No tengo titulación" sends no licence; once confirmed, back to inicio without the due card', async () => {
    const { api, send } = validationApi(() => ({ ...dueStatus, due: false }));
    const { router } = renderApp('/validar-datos', { api });
    await userEvent.type(await screen.findByLabelText('Caducidad del documento de identidad'), addDays(today, 700));
    await userEvent.click(screen.getByRole('checkbox', { name: 'No tengo titulación (patronea otra persona).' }));
    expect(screen.queryByLabelText('Tipo de titulación')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Confirmo que mis datos son correctos.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar mis datos' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'));
    expect(send.mock.calls[0]![2]).toMatchObject({ licence: null });
    expect(await screen.findByRole('region', { name: 'Estado de la cuenta' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tienes algo pendiente' })).toBeNull();
  });

  it('refuses an expired document before sending', async () => {
    const { api, send } = validationApi(() => dueStatus);
    renderApp('/validar-datos', { api });
    const expiry = await screen.findByLabelText('Caducidad del documento de identidad');
    await userEvent.type(expiry, addDays(today, -1));
    await userEvent.click(screen.getByRole('checkbox', { name: 'No tengo titulación (patronea otra persona).' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Confirmo que mis datos son correctos.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar mis datos' }));
    await waitFor(() => expect(expiry).toHaveAccessibleDescription(/Ya ha caducado/));
    expect(send).not.toHaveBeenCalled();
  });
});
