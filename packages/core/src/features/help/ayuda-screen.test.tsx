import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testHelp } from '../../test/fixtures.tsx';

describe('ayuda', () => {
  it("gives the marina's phone, e-mail, hours, FAQ and the app version", async () => {
    renderApp('/ayuda');
    const call = await screen.findByRole('link', { name: 'Llamar al +34 971 000 041' });
    expect(call).toHaveAttribute('href', 'tel:+34971000041');
    expect(screen.getByRole('link', { name: `Escribir a ${testHelp.contact.email}` })).toHaveAttribute(
      'href',
      `mailto:${testHelp.contact.email}`,
    );
    expect(screen.getByText('Abril a octubre: de 08:00 a 20:00')).toBeInTheDocument();
    expect(screen.getByText('¿Puedo pedir una bajada hoy?')).toBeInTheDocument();
    expect(screen.getByText('Versión 5.1010.1945')).toBeInTheDocument();
  });
});
