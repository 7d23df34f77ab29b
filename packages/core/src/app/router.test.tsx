import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInApi } from '../test/fixtures.tsx';

describe('the app shell routes', () => {
  it('sends the empty path to login', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the not-found screen for an unknown path instead of redirecting', async () => {
    const { router } = renderApp('/no-existe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-existe');
  });

  it('sends a private screen to login and remembers where it was going', async () => {
    const { router } = renderApp('/reprogramar-bajada?id=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/reprogramar-bajada?id=7')}`);
  });

  it('shows the intro slides first on a first start', async () => {
    const { router } = renderApp('/home', { sliderSeen: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conoce la aplicación' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fhome');
  });

  it('opens the public help without a session', async () => {
    renderApp('/ayuda');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ayuda' })).toBeInTheDocument();
  });
});

describe('a signed-in person', () => {
  it('goes from the not-found screen to inicio, not to the public home', async () => {
    const { router } = renderApp('/no-existe', { api: signedInApi() });
    const link = await screen.findByRole('link', { name: 'Ir al inicio' });
    await waitFor(() => expect(link).toHaveAttribute('href', '/inicio'));
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'));
  });

  it.each(['/home', '/registro'])('opening %s lands on inicio', async (path) => {
    const { router } = renderApp(path, { api: signedInApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/inicio');
  });

  it.each(['/.//evil.example', '/%2e//evil.example', '//evil.example'])(
    'opening login with next=%s lands on inicio, not another host',
    async (next) => {
      const { router } = renderApp(`/login?next=${encodeURIComponent(next)}`, { api: signedInApi() });
      expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/inicio');
    },
  );
});

describe('the not-found screen, signed out', () => {
  it('leads to the public home', async () => {
    renderApp('/no-existe');
    expect(await screen.findByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/home');
  });
});

describe("the header's way back", () => {
  const back = () => within(screen.getByRole('banner')).queryByRole('link', { name: 'Volver' });

  it.each([
    ['/forgot', '/login'],
    ['/ayuda', '/login'],
    ['/registro', '/home'],
    ['/login', '/home'],
    ['/validar-registro?id=reg-1', '/registro'],
  ])('on %s, opened straight from a link, leads up to %s', async (path, up) => {
    const { router } = renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(back()!);
    await waitFor(() => expect(router.state.location.pathname).toBe(up));
  });

  it('goes back to the screen the person came from', async () => {
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Ayuda' }));
    await screen.findByRole('heading', { level: 1, name: 'Ayuda' });
    await userEvent.click(back()!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('leads from a private screen up to its tab', async () => {
    const { router } = renderApp('/micuenta', { api: signedInApi() });
    await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
    await userEvent.click(back()!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mas'));
  });

  it('is not on the tabs, nor on the first screens of a visit', async () => {
    renderApp('/inicio', { api: signedInApi() });
    await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' });
    expect(back()).toBeNull();
  });

  it('is not on home', async () => {
    renderApp('/home');
    await screen.findByRole('heading', { level: 1 });
    expect(back()).toBeNull();
  });
});

describe('the app version', () => {
  it('is written one way on every screen that shows it', async () => {
    renderApp('/ayuda');
    await screen.findByRole('heading', { level: 1, name: 'Ayuda' });
    // Once, in the footer (ayuda no longer repeats it), in the same words as everywhere.
    expect(screen.getAllByText(/Versión 5\.1010\.1945$/)).toHaveLength(1);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Versión 5.1010.1945');
    expect(screen.queryByText(/v5\.1010|Versión de la aplicación/)).toBeNull();
  });
});
