import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { addDays } from '../../domain/calendar.ts';
import { formatDay } from '../../domain/format-dates.ts';
import { answeringApi, renderApp } from '../../test/fixtures.tsx';
import { person, today } from './authorisations.fixtures.ts';

const afterwards = { 'GET authorisations': () => ({ authorisations: [] }), 'GET boats': () => ({ boats: [] }) };

describe('reprogramar-autorizado', () => {
  it('shows the current period, takes a new one and goes back to the list saying so', async () => {
    const { api, send } = answeringApi({
      ...afterwards,
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000001': () => person(),
      'POST authorisations/aaaaaaaa-0000-4000-8000-000000000001/reschedule': () => person({ validTo: null }),
    });
    const { router } = renderApp('/reprogramar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000001', { api });
    // Who, and the period as it is now, on a card at the top; the licence too, which must cover the new one.
    const summary = await screen.findByRole('region', { name: 'Marta Vidal Roig' });
    expect(summary).toHaveTextContent('Marta Vidal RoigActiva');
    expect(summary).toHaveTextContent(`Gaviota · del ${formatDay(today)} al ${formatDay(addDays(today, 60))}`);
    expect(summary).toHaveTextContent(`PNB, en vigor hasta el ${formatDay(addDays(today, 300))}`);
    expect(screen.getByLabelText('Desde')).toHaveValue(today);
    const to = screen.getByLabelText('Hasta (opcional)');
    expect(to).toHaveValue(addDays(today, 60));
    // No end: open-ended.
    await userEvent.clear(to);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar el periodo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/autorizados'));
    expect(send).toHaveBeenCalledWith('post', 'authorisations/aaaaaaaa-0000-4000-8000-000000000001/reschedule', {
      validFrom: today,
      validTo: null,
    });
    expect(await screen.findByText('Periodo de Marta Vidal Roig cambiado.')).toHaveAttribute('role', 'status');
  });

  it('refuses an end before the start, naming the field', async () => {
    const { api, send } = answeringApi({ 'GET authorisations/aaaaaaaa-0000-4000-8000-000000000001': () => person() });
    renderApp('/reprogramar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000001', { api });
    const from = await screen.findByLabelText('Desde');
    await userEvent.clear(from);
    await userEvent.type(from, addDays(today, 10));
    const to = screen.getByLabelText('Hasta (opcional)');
    await userEvent.clear(to);
    await userEvent.type(to, addDays(today, 5));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar el periodo' }));
    await waitFor(() => expect(to).toHaveAccessibleDescription(/Debe ser el mismo día que «Desde» o posterior\./));
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of a period the licence does not cover on the end, keeping the dates', async () => {
    const { api } = answeringApi({
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000001': () => person(),
      'POST authorisations/aaaaaaaa-0000-4000-8000-000000000001/reschedule': () => {
        throw new ApiError('licence_expires_in_period', { status: 422 });
      },
    });
    renderApp('/reprogramar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000001', { api });
    const to = await screen.findByLabelText('Hasta (opcional)');
    await userEvent.clear(to);
    await userEvent.type(to, addDays(today, 500));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar el periodo' }));
    await waitFor(() => expect(to).toHaveAccessibleDescription(/caduca antes de que termine el periodo autorizado/));
    expect(to).toHaveValue(addDays(today, 500));
  });

  it('an unknown id leads back to the list', async () => {
    renderApp('/reprogramar-autorizado?id=nadie', { api: answeringApi({}).api });
    expect(await screen.findByRole('link', { name: 'Volver a Autorizados' })).toHaveAttribute('href', '/autorizados');
  });
});
