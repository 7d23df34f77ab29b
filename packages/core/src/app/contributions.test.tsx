import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInApi } from '../test/fixtures.tsx';
import { moreMenu } from './more-menu.ts';

describe('what features contribute through app/', () => {
  it("inicio shows every feature's card from app/dashboard.ts, in order", async () => {
    renderApp('/inicio', { api: signedInApi() });
    await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' });
    const main = screen.getByRole('main');
    // The account's state first, then what is new.
    expect(within(main).getAllByRole('region')).toEqual([
      within(main).getByRole('region', { name: 'Estado de la cuenta' }),
      within(main).getByRole('region', { name: 'Notificaciones' }),
    ]);
    expect(within(main).getByRole('region', { name: 'Notificaciones' })).toHaveTextContent('Tienes 2 notificaciones sin leer.');
    expect(within(main).getByRole('link', { name: 'Ver notificaciones' })).toHaveAttribute('href', '/notificaciones');
  });

  it("mas lists every feature's entry from app/more-menu.ts, in order", async () => {
    renderApp('/mas', { api: signedInApi() });
    const menu = await screen.findByRole('navigation', { name: 'Más opciones' });
    expect(within(menu).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(
      [...moreMenu].sort((a, b) => a.order - b.order).map((entry) => entry.to),
    );
    expect(within(menu).getByRole('link', { name: /^Notificaciones/ })).toHaveTextContent('Notificaciones2 sin leer');
  });
});
