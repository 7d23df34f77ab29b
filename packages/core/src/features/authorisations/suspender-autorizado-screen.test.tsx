import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { answeringApi, renderApp } from '../../test/fixtures.tsx';
import { person } from './authorisations.fixtures.ts';

const afterwards = { 'GET authorisations': () => ({ authorisations: [] }), 'GET boats': () => ({ boats: [] }) };

describe('suspender-autorizado', () => {
  it('explains that the person’s launches on the owner’s boats go, takes an optional reason and suspends', async () => {
    const { api, send } = answeringApi({
      ...afterwards,
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000001': () => person(),
      'POST authorisations/aaaaaaaa-0000-4000-8000-000000000001/suspend': () =>
        person({ state: 'suspended', suspensionReason: 'Fin de temporada' }),
    });
    const { router } = renderApp('/suspender-autorizado?id=aaaaaaaa-0000-4000-8000-000000000001', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Suspender la autorización' })).toBeInTheDocument();
    expect(await screen.findByText(/Las bajadas que tenga pedidas con tus barcos se cancelarán\./)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Motivo (opcional)'), '  Fin de   temporada ');
    await userEvent.click(screen.getByRole('button', { name: 'Suspender la autorización' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/autorizados'));
    expect(send).toHaveBeenCalledWith('post', 'authorisations/aaaaaaaa-0000-4000-8000-000000000001/suspend', {
      reason: 'Fin de temporada',
    });
    expect(
      await screen.findByText(
        'Autorización de Marta Vidal Roig suspendida. Sus bajadas pedidas con tus barcos se han cancelado.',
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('suspends without a reason too', async () => {
    const { api, send } = answeringApi({
      ...afterwards,
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000001': () => person(),
      'POST authorisations/aaaaaaaa-0000-4000-8000-000000000001/suspend': () => person({ state: 'suspended' }),
    });
    const { router } = renderApp('/suspender-autorizado?id=aaaaaaaa-0000-4000-8000-000000000001', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Suspender la autorización' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/autorizados'));
    expect(send).toHaveBeenCalledWith('post', 'authorisations/aaaaaaaa-0000-4000-8000-000000000001/suspend', {
      reason: '',
    });
  });

  it('a reason too long is named before anything is sent', async () => {
    const { api, send } = answeringApi({ 'GET authorisations/aaaaaaaa-0000-4000-8000-000000000001': () => person() });
    renderApp('/suspender-autorizado?id=aaaaaaaa-0000-4000-8000-000000000001', { api });
    const reason = await screen.findByLabelText('Motivo (opcional)');
    reason.removeAttribute('maxlength');
    await userEvent.click(reason);
    await userEvent.paste('x'.repeat(301));
    await userEvent.click(screen.getByRole('button', { name: 'Suspender la autorización' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/Como mucho 300 caracteres\./));
    expect(send).not.toHaveBeenCalled();
  });

  it('a suspended person shows the reason and is reactivated', async () => {
    const { api, send } = answeringApi({
      ...afterwards,
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000003': () =>
        person({
          id: 'aaaaaaaa-0000-4000-8000-000000000003',
          state: 'suspended',
          suspensionReason: 'Dejó el barco sin amarrar',
        }),
      'POST authorisations/aaaaaaaa-0000-4000-8000-000000000003/reactivate': () =>
        person({ id: 'aaaaaaaa-0000-4000-8000-000000000003' }),
    });
    const { router } = renderApp('/suspender-autorizado?id=aaaaaaaa-0000-4000-8000-000000000003', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reactivar' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Marta Vidal Roig' });
    expect(summary).toHaveTextContent('Marta Vidal RoigSuspendida');
    expect(summary).toHaveTextContent('La suspendiste con este motivo: «Dejó el barco sin amarrar».');
    expect(screen.queryByLabelText('Motivo (opcional)')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reactivar la autorización' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/autorizados'));
    expect(send).toHaveBeenCalledWith('post', 'authorisations/aaaaaaaa-0000-4000-8000-000000000003/reactivate', {});
    expect(await screen.findByText('Autorización de Marta Vidal Roig reactivada.')).toHaveAttribute('role', 'status');
  });

  it('a refusal is said in a banner and the reason stays typed', async () => {
    const { api } = answeringApi({
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000001': () => person(),
      'POST authorisations/aaaaaaaa-0000-4000-8000-000000000001/suspend': () => {
        throw new ApiError('state_conflict', { status: 409 });
      },
    });
    renderApp('/suspender-autorizado?id=aaaaaaaa-0000-4000-8000-000000000001', { api });
    await userEvent.type(await screen.findByLabelText('Motivo (opcional)'), 'Vendido');
    await userEvent.click(screen.getByRole('button', { name: 'Suspender la autorización' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Esto ya ha cambiado mientras tanto.');
    expect(screen.getByLabelText('Motivo (opcional)')).toHaveValue('Vendido');
  });

  it('a pending person cannot be suspended yet', async () => {
    renderApp('/suspender-autorizado?id=aaaaaaaa-0000-4000-8000-000000000002', {
      api: answeringApi({
        'GET authorisations/aaaaaaaa-0000-4000-8000-000000000002': () =>
          person({ id: 'aaaaaaaa-0000-4000-8000-000000000002', state: 'pending' }),
      }).api,
    });
    expect(await screen.findByText('Esta autorización no se puede suspender ni reactivar ahora.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Suspender/ })).toBeNull();
  });

  it('without an id, leads back to the list', async () => {
    renderApp('/suspender-autorizado', { api: answeringApi({}).api });
    expect(await screen.findByRole('link', { name: 'Volver a Autorizados' })).toHaveAttribute('href', '/autorizados');
  });
});
