import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../../test/fixtures.tsx';
import InicioScreen from './inicio-screen.tsx';

describe('inicio', () => {
  it('shows the cards it is given, in their order, under the greeting', async () => {
    await renderSignedIn(
      <InicioScreen
        cards={[
          { id: 'later', order: 20, Card: () => <section aria-label="Segunda tarjeta" /> },
          { id: 'first', order: 10, Card: () => <section aria-label="Primera tarjeta" /> },
        ]}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([
      'Primera tarjeta',
      'Segunda tarjeta',
    ]);
  });
});
