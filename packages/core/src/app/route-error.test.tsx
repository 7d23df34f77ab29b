import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { renderApp, signedOutApi, testConfig } from '../test/fixtures.tsx';

/** The session check of a private screen fails with `error`, as on a reload. */
function failingSession(error: ApiError) {
  return {
    ...signedOutApi(),
    get: async () => {
      throw error;
    },
  };
}

describe('a private screen that cannot load', () => {
  it("offline, says so in the marina's colours, with what to do and a retry", async () => {
    renderApp('/inicio', { api: failingSession(new ApiError('network_error')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin conexión' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText(testConfig.clientTitulo)).toBeInTheDocument();
    expect(screen.getByText(/Comprueba que tienes cobertura o wifi/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver a intentarlo' })).toBeInTheDocument();
    expect(screen.queryByText(/Algo ha fallado|escribiste/)).toBeNull();
  });

  it('on a real failure, says so without claiming anything typed was kept', async () => {
    renderApp('/inicio', { api: failingSession(new ApiError('internal_error', { status: 500 })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo ha fallado' })).toBeInTheDocument();
    // In the catalogue's words, which came with the call.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Algo ha fallado en nuestro servidor.'));
    expect(screen.queryByText(/escribiste|Sin conexión/)).toBeNull();
    expect(within(screen.getByRole('banner')).getByText(testConfig.clientTitulo)).toBeInTheDocument();
  });
});
