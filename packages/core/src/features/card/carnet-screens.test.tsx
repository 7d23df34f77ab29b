import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QRCodeSVG } from 'qrcode.react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import { cardCheckUrl, cardCode, type Card } from '../../domain/cards.ts';
import { PERSIST_KEY } from '../../lib/queries.ts';
import { answeringApi, renderApp, signedInApi } from '../../test/fixtures.tsx';
import { cardQuery, liveCardQuery } from './api/card.ts';
import { CARD_ID, CARD_SECRET, greenCard, redCard } from './card.fixtures.ts';

/** The dark modules of the QR a value makes, as qrcode.react draws them with the screen's settings. */
function qrModules(value: string): string | null {
  const markup = renderToStaticMarkup(<QRCodeSVG value={value} size={320} level="M" marginSize={4} />);
  return (
    new DOMParser().parseFromString(markup, 'image/svg+xml').querySelectorAll('path')[1]?.getAttribute('d') ?? null
  );
}

const shownModules = () => screen.getByTestId('card-qr').querySelectorAll('path')[1]?.getAttribute('d') ?? null;

const expectedAt = (at: number) =>
  qrModules(cardCheckUrl(window.location.origin, CARD_ID, cardCode(CARD_SECRET, new Date(at))));

/** Moves the copy of the card kept on the phone `ms` into the past, as if fetched that long ago. */
function ageKeptCopy(ms: number) {
  const kept = JSON.parse(localStorage.getItem(PERSIST_KEY)!) as {
    clientState: { queries: Array<{ state: { dataUpdatedAt: number; data?: { serverTime?: string } } }> };
  };
  for (const { state } of kept.clientState.queries) {
    state.dataUpdatedAt -= ms;
    if (state.data?.serverTime) state.data.serverTime = new Date(Date.parse(state.data.serverTime) - ms).toISOString();
  }
  localStorage.setItem(PERSIST_KEY, JSON.stringify(kept));
}

const offlineApi = () =>
  answeringApi({
    'GET card': () => {
      throw new ApiError('network_error');
    },
  });

/**
 * The phone's clock at half past a minute, still running: the code changes once a minute, so the QR drawn and
 * the one a check computes a moment later are the same code, however slow the machine.
 */
function atMidMinute() {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-25T10:00:30Z'));
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'wakeLock');
});

describe('carnet-verde', () => {
  it('shows the green card: VÁLIDO, holder, role, marina, boats, valid-until, the QR of the moment and the number', async () => {
    atMidMinute();
    const { router } = renderApp('/carnet-verde', { api: answeringApi({ 'GET card': () => greenCard() }).api });
    const card = await screen.findByRole('article', { name: 'VÁLIDO' });
    expect(screen.getByRole('heading', { level: 1, name: 'Tu carnet' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Ana García López');
    expect(card).toHaveTextContent('TipoPropietario');
    expect(card).toHaveTextContent('MarinaMarina de Prueba');
    expect(card).toHaveTextContent('BarcosGaviota');
    expect(card).toHaveTextContent('Válido hastamiércoles 31 de marzo de 2027');
    expect(card).toHaveTextContent('Comprobadohoy, 11:00');
    expect(card).toHaveTextContent('1234 5678');
    expect(within(card).getByRole('img', { name: /^Código QR del carnet 1234 5678/ })).toBeInTheDocument();
    expect(shownModules()).toBe(expectedAt(Date.now()));
    expect(router.state.location.pathname).toBe('/carnet-verde');
  });

  it('never shows a red verdict as green: it goes to carnet-rojo', async () => {
    const { router } = renderApp('/carnet-verde', { api: answeringApi({ 'GET card': () => redCard() }).api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu carnet no es válido' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/carnet-rojo');
    expect(screen.queryByText('VÁLIDO')).toBeNull();
    expect(screen.queryByTestId('card-qr')).toBeNull();
  });

  it('computes the code on the server’s time, and renews the QR by itself at every step', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    // Mid-minute: the code changes once a minute, and real time still passes while the screen draws.
    vi.setSystemTime(new Date('2026-11-25T10:00:30Z'));
    // The phone's clock is five minutes behind the server's.
    const ahead = 5 * 60 * 1000;
    renderApp('/carnet-verde', {
      api: answeringApi({ 'GET card': () => greenCard({ serverTime: new Date(Date.now() + ahead).toISOString() }) })
        .api,
    });
    await screen.findByTestId('card-qr');
    const first = shownModules();
    expect(first).toBe(expectedAt(Date.now() + ahead));
    expect(first).not.toBe(expectedAt(Date.now()));

    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    const second = shownModules();
    expect(second).not.toBe(first);
    expect(second).toBe(expectedAt(Date.now() + ahead));
  });

  it('keeps the screen awake while shown, and asks again when the page shows again', async () => {
    let released = false;
    const sentinel = {
      get released() {
        return released;
      },
      release: vi.fn(async () => {
        released = true;
      }),
    };
    const request = vi.fn(async () => {
      released = false;
      return sentinel;
    });
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    renderApp('/carnet-verde', { api: answeringApi({ 'GET card': () => greenCard() }).api });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    await waitFor(() => expect(request).toHaveBeenCalledWith('screen'));
    // The browser lets the lock go when the page is hidden; back in view, it is asked for again.
    released = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    cleanup();
    expect(sentinel.release).toHaveBeenCalled();
  });

  it('shows without a wake lock where the browser has none', async () => {
    expect('wakeLock' in navigator).toBe(false);
    renderApp('/carnet-verde', { api: answeringApi({ 'GET card': () => greenCard() }).api });
    expect(await screen.findByRole('article', { name: 'VÁLIDO' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens offline from the copy on the phone: the last verdict with its time, and a QR the phone still computes', async () => {
    atMidMinute();
    renderApp('/carnet-verde', { api: answeringApi({ 'GET card': () => greenCard() }).api });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain(CARD_SECRET));
    cleanup();
    ageKeptCopy(2 * 60 * 60 * 1000);

    renderApp('/carnet-verde', { api: offlineApi().api });
    const card = await screen.findByRole('article', { name: 'VÁLIDO' });
    expect(
      await screen.findByText(/^Sin conexión · actualizado (el \d{1,2}\/\d{1,2} )?a las \d\d:\d\d$/),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent('Ana García López');
    // The server's time kept with the answer is as old as the answer: the phone's clock is right, no offset.
    expect(shownModules()).toBe(expectedAt(Date.now()));
  });

  it('shows a green verdict older than 24 hours as «Sin comprobar», not green', async () => {
    renderApp('/carnet-verde', { api: answeringApi({ 'GET card': () => greenCard() }).api });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain(CARD_SECRET));
    cleanup();
    ageKeptCopy(25 * 60 * 60 * 1000);

    renderApp('/carnet-verde', { api: offlineApi().api });
    const card = await screen.findByRole('article', { name: 'Sin comprobar' });
    expect(card).toHaveTextContent(/Hace más de 24 horas/);
    expect(screen.queryByText('VÁLIDO')).toBeNull();
    expect(
      await screen.findByText(/^Sin conexión · actualizado el \p{L}+ \d{1,2} de \p{L}+ a las \d\d:\d\d$/u),
    ).toBeInTheDocument();
  });

  it('re-issues the card after saying that every earlier QR stops working at once', async () => {
    // The QR drawn and the one computed below must fall in the same minute, however busy the machine.
    atMidMinute();
    const renewed = greenCard({ idTarjeta: 'ZzZzZzZzZzZzZzZzZzZzZz' });
    const { api, send } = answeringApi({ 'GET card': () => greenCard(), 'POST card/reissue': () => renewed });
    renderApp('/carnet-verde', { api });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    await userEvent.click(screen.getByRole('button', { name: 'Renovar el carnet' }));
    const question = screen.getByRole('group', { name: '¿Renovar tu carnet?' });
    expect(question).toHaveTextContent(/los códigos QR anteriores dejan de funcionar al momento/);
    expect(within(question).getByRole('heading')).toHaveFocus();
    await userEvent.click(within(question).getByRole('button', { name: 'Sí, renovar' }));
    expect(await screen.findByText('Carnet renovado: los códigos anteriores ya no sirven.')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith('post', 'card/reissue', {});
    expect(shownModules()).toBe(
      qrModules(cardCheckUrl(window.location.origin, renewed.idTarjeta, cardCode(CARD_SECRET, new Date()))),
    );
  });

  it('offline, re-issuing says it needs a connection and leaves the card as it was', async () => {
    const { api } = answeringApi({
      'GET card': () => greenCard(),
      'POST card/reissue': () => {
        throw new ApiError('network_error');
      },
    });
    renderApp('/carnet-verde', { api });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    const before = shownModules();
    await userEvent.click(screen.getByRole('button', { name: 'Renovar el carnet' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sí, renovar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No hay conexión. Comprueba tu cobertura e inténtalo de nuevo.',
    );
    expect(shownModules()).toBe(before);
    await userEvent.click(screen.getByRole('button', { name: 'No, mantenerlo' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Renovar el carnet' })).toHaveFocus());
  });

  it('signing out removes the card and its secret from the phone', async () => {
    const inner = signedInApi();
    const api: ApiClient = {
      ...inner,
      get: (async (path: string) => (path === 'card' ? greenCard() : inner.get(path))) as ApiClient['get'],
    };
    const { router } = renderApp('/carnet-verde', { api });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain(CARD_SECRET));
    await act(() => router.navigate('/mas'));
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await screen.findByRole('heading', { level: 1, name: 'Entrar' });
    for (const key of Object.keys(localStorage)) expect(localStorage.getItem(key)).not.toContain(CARD_SECRET);
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
  });
});

describe('carnet-rojo', () => {
  it('says each reason in words, with the boat it is about and what fixes it', async () => {
    renderApp('/carnet-rojo', { api: answeringApi({ 'GET card': () => redCard() }).api });
    const card = await screen.findByRole('article', { name: 'NO VÁLIDO' });
    const reasons = within(card).getByRole('list', { name: 'Por qué no es válido' });
    const [own, boat] = within(reasons).getAllByRole('listitem');
    expect(own).toHaveTextContent('Datos por confirmar');
    expect(within(own!).getByRole('link', { name: 'Confirmar mis datos' })).toHaveAttribute('href', '/validar-datos');
    expect(boat).toHaveTextContent('Seguro caducadoBarco Albatros');
    expect(within(boat!).getByRole('link', { name: 'Renovar el seguro (Albatros)' })).toHaveAttribute(
      'href',
      '/misbarcos/b2',
    );
    expect(card).toHaveTextContent('Ana García López');
    expect(card).not.toHaveTextContent('Válido hasta');
    expect(screen.queryByTestId('card-qr')).toBeNull();
  });

  it('goes to carnet-verde when the verdict is green', async () => {
    const { router } = renderApp('/carnet-rojo', { api: answeringApi({ 'GET card': () => greenCard() }).api });
    expect(await screen.findByRole('article', { name: 'VÁLIDO' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/carnet-verde');
  });

  it('opens offline from the copy on the phone, saying from when', async () => {
    renderApp('/carnet-rojo', { api: answeringApi({ 'GET card': () => redCard() as Card }).api });
    await screen.findByRole('article', { name: 'NO VÁLIDO' });
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain('Albatros'));
    cleanup();
    renderApp('/carnet-rojo', { api: offlineApi().api });
    expect(await screen.findByRole('article', { name: 'NO VÁLIDO' })).toHaveTextContent('Seguro caducado');
    expect(await screen.findByText(/^Sin conexión · actualizado a las \d\d:\d\d$/)).toBeInTheDocument();
  });
});

describe('a live verdict (decision 054)', () => {
  /** The card's answers: green until `turnRed()`, as staff putting every boat into maintenance would make it. */
  function changingCard() {
    let red = false;
    const answers = answeringApi({ 'GET card': () => (red ? redCard() : greenCard()) });
    const cardCalls = () => answers.get.mock.calls.filter(([path]) => path === 'card').length;
    return { ...answers, cardCalls, turnRed: () => (red = true), turnGreen: () => (red = false) };
  }

  const fakeClock = () =>
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });

  it('asks again every 30 s while the card shows: a verdict turned red replaces the green card within 35 s, without its QR', async () => {
    fakeClock();
    const card = changingCard();
    const { router } = renderApp('/carnet-verde', { api: card.api });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    expect(screen.getByTestId('card-qr')).toBeInTheDocument();
    const before = card.cardCalls();
    card.turnRed();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(card.cardCalls()).toBeGreaterThan(before);
    expect(await screen.findByRole('article', { name: 'NO VÁLIDO' })).toHaveTextContent('Seguro caducado');
    expect(router.state.location.pathname).toBe('/carnet-rojo');
    expect(screen.queryByTestId('card-qr')).toBeNull();
  });

  it('a red card turned green again goes back to carnet-verde by itself', async () => {
    fakeClock();
    const card = changingCard();
    card.turnRed();
    const { router } = renderApp('/carnet-rojo', { api: card.api });
    await screen.findByRole('article', { name: 'NO VÁLIDO' });
    card.turnGreen();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(await screen.findByRole('article', { name: 'VÁLIDO' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/carnet-verde');
  });

  it('asks again when the page comes back into view', async () => {
    const card = changingCard();
    renderApp('/carnet-verde', { api: card.api });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    await waitFor(() => expect(card.cardCalls()).toBe(1));
    card.turnRed();
    // As the browser sends it when the phone is unlocked or the tab shown again (it reaches `window`).
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(await screen.findByRole('article', { name: 'NO VÁLIDO' })).toBeInTheDocument();
    expect(card.cardCalls()).toBeGreaterThanOrEqual(2);
  });

  it('stops asking once the card is left, and the card elsewhere (inicio, the kept copy) has no timer', async () => {
    fakeClock();
    const card = changingCard();
    const { router, services } = renderApp('/carnet-verde', { api: card.api });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    await act(() => router.navigate('/mas'));
    await screen.findByRole('heading', { level: 1, name: 'Más' });
    const left = card.cardCalls();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(95_000);
    });
    expect(card.cardCalls()).toBe(left);
    expect(cardQuery(services.api).refetchInterval).toBeUndefined();
    expect(liveCardQuery(services.api).refetchInterval).toBe(30_000);
  });
});

describe('the Carnet tab', () => {
  it('opens the card that matches the verdict and stays marked on carnet-rojo, with no "Volver" back to carnet-verde', async () => {
    const { router } = renderApp('/inicio', {
      api: answeringApi({
        'GET card': () => redCard(),
        'GET boats': () => ({ boats: [] }),
        'GET launches': () => ({ upcoming: [], past: [] }),
      }).api,
    });
    const tab = await screen.findByRole('link', { name: 'Carnet' });
    await userEvent.click(tab);
    await screen.findByRole('article', { name: 'NO VÁLIDO' });
    expect(router.state.location.pathname).toBe('/carnet-rojo');
    expect(screen.getByRole('link', { name: 'Carnet' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: /Volver/ })).toBeNull();
  });
});

describe('opening the app offline', () => {
  /** No network at all: not even the session can be checked. */
  const noNetwork = (): ApiClient => {
    const down = async () => {
      throw new ApiError('network_error');
    };
    return { get: down, send: down, create: down };
  };

  it('opens the card from what the phone kept, and only the screens meant for offline use', async () => {
    atMidMinute();
    renderApp('/carnet-verde', { api: answeringApi({ 'GET card': () => greenCard() }).api });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain(CARD_SECRET));
    cleanup();

    renderApp('/carnet-verde', { api: noNetwork() });
    expect(await screen.findByRole('article', { name: 'VÁLIDO' })).toHaveTextContent('Ana García López');
    expect(await screen.findByText(/^Sin conexión · actualizado a las \d\d:\d\d$/)).toBeInTheDocument();
    expect(shownModules()).toBe(expectedAt(Date.now()));
    cleanup();

    renderApp('/micuenta', { api: noNetwork() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin conexión' })).toBeInTheDocument();
  });

  it('with nothing kept on the phone, says «Sin conexión»', async () => {
    renderApp('/carnet-verde', { api: noNetwork() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin conexión' })).toBeInTheDocument();
  });
});
