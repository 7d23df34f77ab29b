import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/fixtures.tsx';

/** The slide a person sees (the others are hidden, from screen readers too). */
const current = () => screen.getByRole('heading', { level: 2 });

describe('the intro slides', () => {
  it('can be skipped, and do not come back', async () => {
    const { router } = renderApp('/slider?next=%2Fhome', { sliderSeen: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Saltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('mb.sliderSeen')).toBe('1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Te damos la bienvenida a Marina de Prueba' }),
    ).toBeInTheDocument();
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

  it('offers "Anterior" on every slide but the first', async () => {
    renderApp('/slider', { sliderSeen: false });
    await screen.findByRole('heading', { level: 2, name: 'Tu barco, al agua cuando lo pidas' });
    expect(screen.queryByRole('button', { name: 'Anterior' })).toBeNull();
    for (const title of [
      'Tu carnet, siempre contigo',
      'Comparte tu barco con tranquilidad',
      'Sal a navegar con seguridad',
    ]) {
      await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
      expect(current()).toHaveTextContent(title);
      expect(screen.getByRole('button', { name: 'Anterior' })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(current()).toHaveTextContent('Comparte tu barco con tranquilidad');
  });

  it('follows a swipe: left for the next slide, right for the previous one', async () => {
    renderApp('/slider', { sliderSeen: false });
    const slides = (await screen.findByText('Tu barco, al agua cuando lo pidas')).closest('section')!.parentElement!;
    const swipe = (from: number, to: number) => {
      fireEvent.pointerDown(slides, { pointerId: 1, clientX: from, clientY: 200 });
      fireEvent.pointerUp(slides, { pointerId: 1, clientX: to, clientY: 205 });
    };
    swipe(300, 100);
    expect(current()).toHaveTextContent('Tu carnet, siempre contigo');
    swipe(300, 100);
    expect(current()).toHaveTextContent('Comparte tu barco con tranquilidad');
    swipe(100, 300);
    expect(current()).toHaveTextContent('Tu carnet, siempre contigo');
    // A tap or a short move is not a swipe.
    swipe(200, 190);
    expect(current()).toHaveTextContent('Tu carnet, siempre contigo');
  });
});
