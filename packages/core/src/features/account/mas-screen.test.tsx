import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../../test/fixtures.tsx';
import MasScreen from './mas-screen.tsx';

describe('mas', () => {
  it('lists the entries it is given, in their order, with the count each one shows', async () => {
    await renderSignedIn(
      <MasScreen
        entries={[
          { to: '/salidas', label: 'Salidas', order: 30, badge: () => 0 },
          { to: '/notificaciones', label: 'Avisos', order: 20, badge: (session) => session.unreadNotifications },
          { to: '/micuenta', label: 'Cuenta', order: 10 },
        ]}
      />,
    );
    const menu = await screen.findByRole('navigation', { name: 'Más opciones' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Cuenta', '/micuenta'],
      ['Avisos2 sin leer', '/notificaciones'],
      ['Salidas', '/salidas'],
    ]);
  });
});
