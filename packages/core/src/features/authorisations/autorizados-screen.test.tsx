import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { addDays } from '../../domain/calendar.ts';
import { formatDay } from '../../domain/format-dates.ts';
import * as ui from '../../components/ui.css.ts';
import { answeringApi, renderApp } from '../../test/fixtures.tsx';
import { boats, BRISA, people, person, today } from './authorisations.fixtures.ts';

const listApi = (list = people()) =>
  answeringApi({ 'GET authorisations': () => ({ authorisations: list }), 'GET boats': () => ({ boats: boats() }) });

describe('autorizados', () => {
  it('says it is loading, then lists each person with the state in words, licence, boats, period and what may be done', async () => {
    let answer: (value: unknown) => void = () => {};
    const { api } = answeringApi({
      'GET authorisations': () => new Promise((resolve) => (answer = resolve)),
      'GET boats': () => ({ boats: boats() }),
    });
    renderApp('/autorizados', { api });
    expect(await screen.findByText('Cargando tus autorizados…')).toBeInTheDocument();
    answer({ authorisations: people() });

    const marta = await screen.findByRole('article', { name: 'Marta Vidal Roig' });
    expect(within(marta).getByRole('heading', { level: 2, name: 'Marta Vidal Roig' })).toBeInTheDocument();
    expect(marta).toHaveTextContent('Marta Vidal RoigActiva');
    expect(marta).toHaveTextContent(`Gaviota · del ${formatDay(today)} al ${formatDay(addDays(today, 60))}`);
    expect(marta).toHaveTextContent(`PNB, en vigor hasta el ${formatDay(addDays(today, 300))}`);
    expect(marta).toHaveTextContent('Cuenta de Marta Vidal Roig en la aplicación');
    expect(within(marta).getByRole('link', { name: 'Suspender Marta Vidal Roig' })).toHaveAttribute(
      'href',
      '/suspender-autorizado?id=aaaaaaaa-0000-4000-8000-000000000001',
    );
    expect(within(marta).getByRole('link', { name: 'Cambiar el periodo Marta Vidal Roig' })).toHaveAttribute(
      'href',
      '/reprogramar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000001',
    );
    expect(within(marta).queryByRole('link', { name: /^Escribir el código/ })).toBeNull();

    const jordi = screen.getByRole('article', { name: 'Jordi Mas' });
    expect(jordi).toHaveTextContent('Jordi MasPendiente de validar');
    expect(jordi).not.toHaveTextContent('en la aplicación');
    expect(jordi).toHaveTextContent(`Brisa · desde el ${formatDay(today)}, sin fecha de fin`);
    // Its next step leads, full width: the code the person received.
    expect(within(jordi).getByRole('link', { name: 'Escribir el código Jordi Mas' })).toHaveClass(ui.block);
    expect(
      within(jordi)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/validar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000002',
      '/reprogramar-autorizado?id=aaaaaaaa-0000-4000-8000-000000000002',
    ]);

    const pau = screen.getByRole('article', { name: 'Pau Ferrer' });
    expect(pau).toHaveTextContent('Pau FerrerSuspendida');
    expect(pau).toHaveTextContent('La suspendiste con este motivo: «Dejó el barco sin amarrar».');
    expect(pau).toHaveTextContent(`Gaviota y Brisa · del ${formatDay(today)}`);
    expect(within(pau).getByRole('link', { name: 'Reactivar Pau Ferrer' })).toHaveAttribute(
      'href',
      '/suspender-autorizado?id=aaaaaaaa-0000-4000-8000-000000000003',
    );
    expect(within(pau).queryByRole('link', { name: /^Suspender/ })).toBeNull();

    const eva = screen.getByRole('article', { name: 'Eva Soler' });
    expect(eva).toHaveTextContent('Eva SolerCaducada');
    expect(
      within(eva)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Cambiar el periodo Eva Soler']);

    expect(screen.getByRole('link', { name: 'Autorizar a una persona' })).toHaveAttribute('href', '/alta-autorizado');
  });

  it('says whose account holds each person’s authorisation: none yet (and how), or none since it was deleted, with nothing left to do (decision 038)', async () => {
    const { api } = listApi([
      person({ id: 'aaaaaaaa-0000-4000-8000-000000000006', firstName: 'Nil', surnames: 'Costa', account: null }),
      person({
        id: 'aaaaaaaa-0000-4000-8000-000000000007',
        firstName: 'Rosa',
        surnames: 'Vall',
        account: null,
        state: 'ended',
      }),
    ]);
    renderApp('/autorizados', { api });
    const nil = await screen.findByRole('article', { name: 'Nil Costa' });
    expect(nil).toHaveTextContent(
      'Aún sin cuenta: verá tus barcos cuando entre en la aplicación con su documento y el teléfono o el correo que diste.',
    );
    const rosa = screen.getByRole('article', { name: 'Rosa Vall' });
    expect(rosa).toHaveTextContent('Rosa VallTerminada');
    expect(rosa).toHaveTextContent(
      'Borró su cuenta: la autorización ha terminado. Si quieres que use tus barcos, autorízala de nuevo.',
    );
    expect(within(rosa).queryAllByRole('link')).toEqual([]);
    expect(within(rosa).queryAllByRole('button')).toEqual([]);
  });

  it('filters by one of the owner’s boats (never one they are only authorised on), in the address', async () => {
    const { router } = renderApp('/autorizados', { api: listApi().api });
    const filter = await screen.findByRole('group', { name: 'Barco' });
    expect(
      within(filter)
        .getAllByRole('radio')
        .map((chip) => chip.closest('label')?.textContent),
    ).toEqual(['Todos', 'Gaviota', 'Brisa']);
    expect(within(filter).getByRole('radio', { name: 'Todos' })).toBeChecked();
    expect(screen.getAllByRole('article')).toHaveLength(4);

    await userEvent.click(within(filter).getByRole('radio', { name: 'Brisa' }));
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((item) => item.getAttribute('aria-labelledby'))).toEqual([
        'autorizado-aaaaaaaa-0000-4000-8000-000000000002',
        'autorizado-aaaaaaaa-0000-4000-8000-000000000003',
      ]),
    );
    expect(router.state.location.search).toBe(`?barco=${BRISA}`);

    expect(within(filter).getByRole('radio', { name: 'Brisa' })).toBeChecked();

    await userEvent.click(within(filter).getByRole('radio', { name: 'Todos' }));
    await waitFor(() => expect(within(filter).getByRole('radio', { name: 'Todos' })).toBeChecked());
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect(router.state.location.search).toBe('');
  });

  it('opened from a boat, shows that boat’s people, or says nobody is authorised on it', async () => {
    renderApp(`/autorizados?barco=${BRISA}`, { api: listApi([people()[0]!]).api });
    expect(await screen.findByText('Nadie está autorizado para Brisa.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Brisa' })).toBeChecked();
  });

  it('with nobody yet, says so with the one action that adds someone', async () => {
    renderApp('/autorizados', { api: listApi([]).api });
    expect(await screen.findByRole('heading', { level: 2, name: 'Aún no has autorizado a nadie' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Deja que alguien de confianza use tus barcos: podrá pedir bajadas dentro del periodo que elijas.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Autorizar a una persona' })).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Barco' })).toBeNull();
  });

  it('a person with no boat of their own gets no way to add anyone', async () => {
    const { api } = answeringApi({
      'GET authorisations': () => ({ authorisations: [] }),
      'GET boats': () => ({ boats: boats().slice(2) }),
    });
    renderApp('/autorizados', { api });
    expect(
      await screen.findByText('Solo puedes autorizar a otras personas en los barcos de los que eres titular.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Autorizar a una persona' })).toBeNull();
  });

  it('a failed load says why and tries again', async () => {
    let fail = true;
    const { api } = answeringApi({
      'GET authorisations': () => {
        if (fail) throw new ApiError('internal_error', { status: 500 });
        return { authorisations: people() };
      },
      'GET boats': () => ({ boats: boats() }),
    });
    renderApp('/autorizados', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Algo ha fallado en nuestro servidor.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Volver a intentarlo' }));
    expect(await screen.findByRole('article', { name: 'Marta Vidal Roig' })).toBeInTheDocument();
  });

  it('is in «Más»', async () => {
    renderApp('/mas', { api: listApi().api });
    const menu = await screen.findByRole('navigation', { name: 'Más opciones' });
    expect(within(menu).getByRole('link', { name: /^Autorizados/ })).toHaveAttribute('href', '/autorizados');
  });
});
