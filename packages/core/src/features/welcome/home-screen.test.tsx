import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/fixtures.tsx';

describe('home', () => {
  it('welcomes everyone, whatever their gender', async () => {
    renderApp('/home');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Te damos la bienvenida a Marina de Prueba' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Bienvenid[oa]/)).toBeNull();
  });
});
