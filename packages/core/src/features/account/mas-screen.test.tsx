import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../../test/fixtures.tsx';
import MasScreen from './mas-screen.tsx';

describe('mas', () => {
  it('lists the entries it is given, in their order, each with its line and the count it shows', async () => {
    await renderSignedIn(
      <MasScreen
        entries={[
          { to: '/salidas', label: 'Salidas', icon: 'outing', description: 'Al mar', order: 30, badge: () => 0 },
          {
            to: '/notificaciones',
            label: 'Avisos',
            icon: 'notifications',
            description: 'Del puerto',
            order: 20,
            badge: (session) => session.unreadNotifications,
          },
          { to: '/micuenta', label: 'Cuenta', icon: 'account', description: 'Tus datos', order: 10 },
        ]}
      />,
    );
    const menu = await screen.findByRole('navigation', { name: 'Más opciones' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['CuentaTus datos', '/micuenta'],
      ['AvisosDel puerto2 sin leer', '/notificaciones'],
      ['SalidasAl mar', '/salidas'],
    ]);
  });
});
