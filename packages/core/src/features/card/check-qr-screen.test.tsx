import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import { renderApp, testSession, watchForText } from '../../test/fixtures.tsx';
import { CARD_ID, staleCheck, validCheck } from './card.fixtures.ts';

/** Nobody signed in (or `signedIn`); the check answers as `check` says (it may throw). */
function checkApi(check: (path: string) => unknown, signedIn?: unknown) {
  const get = vi.fn(async (path: string) => {
    if (path.startsWith('cards/')) return check(path);
    if (path === 'session' && signedIn) return signedIn;
    throw new ApiError('unauthenticated', { status: 401 });
  });
  const fail = async () => {
    throw new ApiError('unauthenticated', { status: 401 });
  };
  const api: ApiClient = { get: get as ApiClient['get'], create: fail, send: fail };
  return { api, get };
}

const path = `/checkQR/${CARD_ID}?c=123456`;

/** The checks asked for (the screen also asks who is signed in, without waiting). */
const checks = (get: ReturnType<typeof checkApi>['get']) =>
  get.mock.calls.filter(([called]) => String(called).startsWith('cards/'));

describe('checkQR', () => {
  it('answers at once on a phone that never opened the app: no intro slides, no sign-in, «VÁLIDO» with who and what', async () => {
    const slides = watchForText('Siguiente');
    const { api, get } = checkApi(() => validCheck());
    const { router } = renderApp(path, { api, sliderSeen: false });
    const result = await screen.findByRole('article', { name: 'VÁLIDO' });
    expect(get).toHaveBeenCalledWith(
      `cards/${CARD_ID}/check?c=123456`,
      expect.objectContaining({ retry: expect.objectContaining({ limit: 2 }) }),
    );
    expect(router.state.location.pathname).toBe(`/checkQR/${CARD_ID}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Comprobación del carnet' })).toBeInTheDocument();
    expect(result).toHaveTextContent('TitularAna G.');
    expect(result).toHaveTextContent('TipoPropietario');
    expect(result).toHaveTextContent('Gaviota: puede usarlo');
    expect(result).toHaveTextContent('Albatros: no puede usarlo');
    expect(result).toHaveTextContent(/Válido hastamiércoles 31 de marzo(?: de 2027)?/);
    expect(result).toHaveTextContent(/Comprobado a las \d\d:\d\d:\d\d/);
    expect(slides.seen()).toBe(false);
    // The gate's phone is past its first start from now on: «Volver» or signing in never leads to the slides.
    expect(localStorage.getItem('mb.sliderSeen')).toBe('1');
  });

  it('«NO VÁLIDO» with each reason in words', async () => {
    const check = validCheck({
      valid: false,
      reasons: [
        { code: 'insurance_expired', text: 'Seguro caducado' },
        { code: 'account_suspended', text: 'Cuenta suspendida' },
      ],
      boats: [{ name: 'Gaviota', valid: false }],
      validUntil: null,
    });
    renderApp(path, { api: checkApi(() => check).api, sliderSeen: false });
    const result = await screen.findByRole('article', { name: 'NO VÁLIDO' });
    expect(result).toHaveTextContent('Seguro caducado');
    expect(result).toHaveTextContent('Cuenta suspendida');
    expect(result).toHaveTextContent('TitularAna G.');
    expect(result).not.toHaveTextContent('Válido hasta');
  });

  it('a stale or missing code reads amber «Código caducado» asking to open the card again, never «NO VÁLIDO», with nobody named', async () => {
    const { api, get } = checkApi(() => staleCheck());
    renderApp(`/checkQR/${CARD_ID}`, { api, sliderSeen: false });
    const result = await screen.findByRole('article', { name: 'Código caducado' });
    expect(get).toHaveBeenCalledWith(`cards/${CARD_ID}/check`, expect.anything());
    expect(result).toHaveAttribute('data-verdict', 'stale');
    expect(result).toHaveTextContent('Pide que abra el carnet de nuevo y vuelve a escanear el código.');
    expect(result).not.toHaveTextContent('Titular');
    expect(screen.queryByText(/VÁLIDO/i)).toBeNull();
  });

  it('red only for a card proven by its code whose verdict is red', async () => {
    const red = validCheck({
      valid: false,
      reasons: [
        { code: 'boat_in_maintenance', text: 'Barco en mantenimiento (Gaviota)' },
        { code: 'boat_in_maintenance', text: 'Barco en mantenimiento (Albatros)' },
      ],
      boats: [
        { name: 'Gaviota', valid: false },
        { name: 'Albatros', valid: false },
      ],
      validUntil: null,
    });
    renderApp(path, { api: checkApi(() => red).api, sliderSeen: false });
    const result = await screen.findByRole('article', { name: 'NO VÁLIDO' });
    expect(result).toHaveAttribute('data-verdict', 'invalid');
    expect(result).toHaveTextContent('Barco en mantenimiento (Albatros)');
    expect(result).not.toHaveTextContent('Código caducado');
  });

  it('«Volver», opened straight from a scan, leads to sign-in when nobody is signed in, never to the slides', async () => {
    const slides = watchForText('Siguiente');
    const { api } = checkApi(() => staleCheck());
    const { router } = renderApp(path, { api, sliderSeen: false });
    await screen.findByRole('article', { name: 'Código caducado' });
    const back = screen.getByRole('link', { name: 'Volver' });
    expect(back).toHaveAttribute('href', '/login');
    await userEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeInTheDocument();
    expect(slides.seen()).toBe(false);
  });

  it('«Volver» leads to inicio for someone signed in on the phone', async () => {
    const { api } = checkApi(() => validCheck(), testSession);
    renderApp(path, { api, sliderSeen: false });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/inicio'));
  });

  it('a failure on the way reads «No se pudo comprobar», never «no válido», and retries', async () => {
    let down = true;
    const { api } = checkApi(() => {
      if (down) throw new ApiError('network_error');
      return validCheck();
    });
    renderApp(path, { api, sliderSeen: false });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo comprobar');
    expect(alert).toHaveTextContent('Esto no quiere decir que el carnet no sea válido');
    expect(screen.queryByText(/NO VÁLIDO/i)).toBeNull();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Volver a intentarlo' }));
    expect(await screen.findByRole('article', { name: 'VÁLIDO' })).toBeInTheDocument();
  });

  it('a server failure reads «No se pudo comprobar» too', async () => {
    renderApp(path, {
      api: checkApi(() => {
        throw new ApiError('internal_error', { status: 500 });
      }).api,
      sliderSeen: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo comprobar');
    expect(screen.queryByText(/NO VÁLIDO/i)).toBeNull();
  });

  it('is not tried again by the client on 429 (it would wait minutes in silence), only on failures on the way', async () => {
    const { api, get } = checkApi(() => validCheck());
    renderApp(path, { api, sliderSeen: false });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    const retry = (checks(get)[0] as unknown as [string, { retry: { statusCodes: number[] } }])[1].retry;
    expect(retry.statusCodes).not.toContain(429);
    expect(retry.statusCodes).toEqual(expect.arrayContaining([500, 502, 503, 504]));
  });

  it('too many checks says so in words, with when to try again', async () => {
    const { api, get } = checkApi(() => {
      throw new ApiError('rate_limited', { status: 429, retryAfter: 120 });
    });
    renderApp(path, { api, sliderSeen: false });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Demasiadas comprobaciones');
    expect(alert).toHaveTextContent('Podrás volver a intentarlo en 2 minutos.');
    expect(screen.queryByText(/NO VÁLIDO/i)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Volver a intentarlo' }));
    await waitFor(() => expect(checks(get)).toHaveLength(2));
  });

  it('too many checks tells the marina’s staff to sign in on the phone, and the sign-in comes back to the check', async () => {
    const { api } = checkApi(() => {
      throw new ApiError('rate_limited', { status: 429, retryAfter: 120 });
    });
    renderApp(path, { api, sliderSeen: false });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Si eres del personal de la marina, inicia sesión en este teléfono y podrás comprobarlo sin esperar.',
    );
    expect(within(alert).getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(path)}`,
    );
  });
});
