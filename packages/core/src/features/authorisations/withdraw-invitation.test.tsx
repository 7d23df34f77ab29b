import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { answeringApi, findStatus, renderApp } from '../../test/fixtures.tsx';
import { boats, people, person } from './authorisations.fixtures.ts';

/** The list as the server has it: Jordi Mas is the pending one; withdrawing him takes him out. */
function listing(withdraw: () => unknown = () => undefined) {
  let list = people();
  return answeringApi({
    'GET authorisations': () => ({ authorisations: list }),
    'GET boats': () => ({ boats: boats() }),
    'POST authorisations/aaaaaaaa-0000-4000-8000-000000000002/withdraw': () => {
      // Gone on the server whatever this call answers (a refusal here is tried with a list that keeps him).
      const kept = list;
      list = list.filter((item) => item.id !== 'aaaaaaaa-0000-4000-8000-000000000002');
      try {
        return withdraw();
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'not_found')) list = kept;
        throw error;
      }
    },
  });
}

describe('withdrawing a pending invitation from autorizados', () => {
  it('is offered on the pending person only, asks first by keyboard, then says so and leaves the list right', async () => {
    const { api, send } = listing();
    renderApp('/autorizados', { api });
    const jordi = await screen.findByRole('article', { name: 'Jordi Mas' });
    expect(
      screen.getAllByRole('button', { name: /^Retirar la invitación/ }).map((button) => button.textContent),
    ).toEqual(['Retirar la invitación Jordi Mas']);

    within(jordi).getByRole('button', { name: 'Retirar la invitación Jordi Mas' }).focus();
    await userEvent.keyboard('{Enter}');
    const question = within(jordi).getByRole('group', { name: '¿Retirar la invitación a Jordi Mas?' });
    expect(within(question).getByRole('heading', { name: '¿Retirar la invitación a Jordi Mas?' })).toHaveFocus();
    expect(question).toHaveTextContent(
      'El código que le enviamos por SMS dejará de valer y su plaza en tus barcos quedará libre.',
    );
    expect(send).not.toHaveBeenCalled();

    await userEvent.tab();
    expect(within(question).getByRole('button', { name: 'Sí, retirar la invitación' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const notice = await findStatus('Invitación a Jordi Mas retirada.');
    await waitFor(() => expect(notice.parentElement).toHaveFocus());
    expect(send).toHaveBeenCalledWith('post', 'authorisations/aaaaaaaa-0000-4000-8000-000000000002/withdraw', {});
    expect(screen.queryByRole('article', { name: 'Jordi Mas' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('«No, mantenerla» sends nothing and gives the focus back to the button', async () => {
    const { api, send } = listing();
    renderApp('/autorizados', { api });
    const jordi = await screen.findByRole('article', { name: 'Jordi Mas' });
    await userEvent.click(within(jordi).getByRole('button', { name: 'Retirar la invitación Jordi Mas' }));
    await userEvent.click(within(jordi).getByRole('button', { name: 'No, mantenerla' }));
    await waitFor(() =>
      expect(within(jordi).getByRole('button', { name: 'Retirar la invitación Jordi Mas' })).toHaveFocus(),
    );
    expect(send).not.toHaveBeenCalled();
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('a person who validated meanwhile is refused in words, with the way to suspend instead; the entry stays', async () => {
    const { api } = listing(() => {
      throw new ApiError('state_conflict', { status: 409 });
    });
    renderApp('/autorizados', { api });
    const jordi = await screen.findByRole('article', { name: 'Jordi Mas' });
    await userEvent.click(within(jordi).getByRole('button', { name: 'Retirar la invitación Jordi Mas' }));
    await userEvent.click(within(jordi).getByRole('button', { name: 'Sí, retirar la invitación' }));
    expect(await within(jordi).findByRole('alert')).toHaveTextContent(
      'Esta persona ya ha validado su código, así que la invitación no se puede retirar. Si no quieres que use tus barcos, suspende su autorización.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(within(jordi).getByRole('button', { name: 'Sí, retirar la invitación' })).toBeEnabled();
  });

  it("an invitation whose period ended while the list was open is refused in the server's words, not as validated", async () => {
    const expired =
      'Esta invitación ha caducado: ya no se puede retirar. Cambia el periodo si quieres que la persona use tus barcos.';
    const { api } = listing(() => {
      throw new ApiError('state_conflict', { status: 409, detail: expired });
    });
    renderApp('/autorizados', { api });
    const jordi = await screen.findByRole('article', { name: 'Jordi Mas' });
    await userEvent.click(within(jordi).getByRole('button', { name: 'Retirar la invitación Jordi Mas' }));
    await userEvent.click(within(jordi).getByRole('button', { name: 'Sí, retirar la invitación' }));
    expect(await within(jordi).findByRole('alert')).toHaveTextContent(expired);
    expect(within(jordi).getByRole('alert')).not.toHaveTextContent('ya ha validado');
  });

  it('while the withdrawal is on its way, neither answer can be pressed again', async () => {
    let answer: () => void = () => {};
    const { api } = listing(() => new Promise<void>((resolve) => (answer = resolve)));
    renderApp('/autorizados', { api });
    const jordi = await screen.findByRole('article', { name: 'Jordi Mas' });
    await userEvent.click(within(jordi).getByRole('button', { name: 'Retirar la invitación Jordi Mas' }));
    await userEvent.click(within(jordi).getByRole('button', { name: 'Sí, retirar la invitación' }));
    expect(within(jordi).getByRole('button', { name: 'Enviando…' })).toBeDisabled();
    expect(within(jordi).getByRole('button', { name: 'No, mantenerla' })).toBeDisabled();
    answer();
    await findStatus('Invitación a Jordi Mas retirada.');
  });

  it('offline, says it needs a connection and keeps the person', async () => {
    const { api } = listing(() => {
      throw new ApiError('network_error');
    });
    renderApp('/autorizados', { api });
    const jordi = await screen.findByRole('article', { name: 'Jordi Mas' });
    await userEvent.click(within(jordi).getByRole('button', { name: 'Retirar la invitación Jordi Mas' }));
    await userEvent.click(within(jordi).getByRole('button', { name: 'Sí, retirar la invitación' }));
    expect(await within(jordi).findByRole('alert')).toHaveTextContent(/conexión/);
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('an invitation already gone (withdrawn on another phone) is said withdrawn all the same', async () => {
    const { api } = listing(() => {
      throw new ApiError('not_found', { status: 404 });
    });
    renderApp('/autorizados', { api });
    const jordi = await screen.findByRole('article', { name: 'Jordi Mas' });
    await userEvent.click(within(jordi).getByRole('button', { name: 'Retirar la invitación Jordi Mas' }));
    await userEvent.click(within(jordi).getByRole('button', { name: 'Sí, retirar la invitación' }));
    await findStatus('Invitación a Jordi Mas retirada.');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Jordi Mas' })).toBeNull());
  });
});

describe('withdrawing from validar-autorizado', () => {
  it('asks, withdraws, and goes back to the list saying so', async () => {
    const pending = person({
      id: 'aaaaaaaa-0000-4000-8000-000000000002',
      state: 'pending',
      validatedAt: null,
      code: {
        channel: 'email',
        destination: 'm•••@correo.es',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    const { api, send, get } = answeringApi({
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000002': () => pending,
      'POST authorisations/aaaaaaaa-0000-4000-8000-000000000002/withdraw': () => undefined,
      'GET authorisations': () => ({ authorisations: [] }),
      'GET boats': () => ({ boats: boats() }),
    });
    const { router } = renderApp('/validar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000002', { api });
    const section = await screen.findByRole('region', { name: 'Retirar la invitación' });
    expect(section).toHaveTextContent(
      '¿El teléfono o el correo estaban mal? Retira la invitación y vuelve a añadir a la persona con los datos correctos.',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Retirar la invitación' }));
    const question = within(section).getByRole('group', { name: '¿Retirar la invitación a Marta Vidal Roig?' });
    expect(question).toHaveTextContent('El código que le enviamos por correo dejará de valer');
    await userEvent.click(within(question).getByRole('button', { name: 'Sí, retirar la invitación' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/autorizados'));
    expect(send).toHaveBeenCalledWith('post', 'authorisations/aaaaaaaa-0000-4000-8000-000000000002/withdraw', {});
    await findStatus('Invitación a Marta Vidal Roig retirada.');
    expect(await screen.findByRole('heading', { name: 'Aún no has autorizado a nadie' })).toBeInTheDocument();
    // The person is not asked for again once gone (it would only answer 404).
    expect(
      get.mock.calls.filter(([path]) => path === 'authorisations/aaaaaaaa-0000-4000-8000-000000000002'),
    ).toHaveLength(1);
  });

  it('is not offered once the person is validated', async () => {
    const { api } = answeringApi({
      'GET authorisations/aaaaaaaa-0000-4000-8000-000000000001': () =>
        person({ id: 'aaaaaaaa-0000-4000-8000-000000000001' }),
    });
    renderApp('/validar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000001', { api });
    expect(await screen.findByText('Esta autorización ya está validada.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retirar/ })).toBeNull();
  });
});
