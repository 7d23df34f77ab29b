import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/fixtures.tsx';

describe('the intro slides', () => {
  it('can be skipped, and do not come back', async () => {
    const { router } = renderApp('/slider?next=%2Fhome', { sliderSeen: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Saltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('mb.sliderSeen')).toBe('1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Marina de Prueba' })).toBeInTheDocument();
  });

  it('walks through every slide to the end', async () => {
    const { router } = renderApp('/slider', { sliderSeen: false });
    for (const step of [1, 2, 3]) {
      expect(await screen.findByText(`Paso ${step} de 4`)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    }
    expect(screen.getByText('Paso 4 de 4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Empezar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
