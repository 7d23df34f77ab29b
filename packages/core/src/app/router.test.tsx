import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/fixtures.tsx';

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
