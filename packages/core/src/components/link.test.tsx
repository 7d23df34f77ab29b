import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './link.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

/** The links under test on every screen, in a router that starts at `start`. */
function renderAt(start: string, links: React.ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {links}
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Link', () => {
  it('points at the address and moves there inside the app, adding to the history', async () => {
    const router = renderAt('/login', <Link to="/ayuda?tema=acceso">Ayuda</Link>);
    const link = screen.getByRole('link', { name: 'Ayuda' });
    expect(link).toHaveAttribute('href', '/ayuda?tema=acceso');
    await userEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/ayuda?tema=acceso');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replaces the current entry when asked, and carries state', async () => {
    const router = renderAt(
      '/login',
      <Link to="/forgot" replace state={{ from: 'login' }}>
        Olvidé
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Olvidé' }));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ from: 'login' });
  });

  it('leaves to the browser a click with a modifier key, and one its own onClick has handled', async () => {
    let handled = 0;
    renderAt(
      '/login',
      <>
        <Link to="/registro">Registro</Link>
        <Link
          to="/home"
          onClick={(event) => {
            handled += 1;
            event.preventDefault();
          }}
        >
          Volver
        </Link>
      </>,
    );
    // A click with Ctrl opens another tab: the app does not move, nor prevent the browser from doing so.
    const opened = fireEvent.click(screen.getByRole('link', { name: 'Registro' }), { ctrlKey: true });
    expect(opened).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Volver' }));
    expect(handled).toBe(1);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/);
  });

  it('hands an address outside the app, or one to load as a page, to the browser as it is', () => {
    renderAt(
      '/ayuda',
      <>
        <Link to="tel:+34971000041">Llamar</Link>
        <Link to="mailto:capitania@portblau.example">Escribir</Link>
        <Link to="/login" reloadDocument>
          Entrar
        </Link>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', 'tel:+34971000041');
    expect(screen.getByRole('link', { name: 'Escribir' })).toHaveAttribute('href', 'mailto:capitania@portblau.example');
    const page = screen.getByRole('link', { name: 'Entrar' });
    expect(page).toHaveAttribute('href', '/login');
    // Not prevented: the browser follows it (jsdom does not load pages), and the app does not move.
    expect(fireEvent.click(page)).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/ayuda$/);
  });
});

describe('NavLink', () => {
  it('says it leads to the screen on show or to one under it, and no other', () => {
    renderAt(
      '/mas/ajustes',
      <nav>
        <NavLink to="/inicio">Inicio</NavLink>
        <NavLink to="/mas">Más</NavLink>
        <NavLink to="/ma">Ma</NavLink>
      </nav>,
    );
    expect(screen.getByRole('link', { name: 'Más' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Ma' })).not.toHaveAttribute('aria-current');
  });
});
