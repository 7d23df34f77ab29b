import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { renderSignedIn } from '../test/fixtures.tsx';
import { LoadStatus } from './query-status.tsx';

/** One of a screen's loads, as TanStack Query reports it. */
const load = (state: { isError?: boolean; isFetching?: boolean; error?: Error | null } = {}) => ({
  isError: false,
  isFetching: false,
  error: null,
  refetch: vi.fn(async () => undefined as never),
  ...state,
});

describe('LoadStatus: the loads a screen needs together', () => {
  it('says "Cargando…" while any of them runs, even after another has failed', () => {
    render(
      <LoadStatus
        loads={[load({ isError: true, error: new ApiError('network_error') }), load({ isFetching: true })]}
        ready={false}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the first failure once none runs, and tries them all again', async () => {
    const loads = [load(), load({ isError: true, error: new ApiError('network_error') })];
    await renderSignedIn(<LoadStatus loads={loads} ready={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No hay conexión');
    await userEvent.click(screen.getByRole('button', { name: 'Volver a intentarlo' }));
    for (const one of loads) expect(one.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows nothing once the screen has all it needs', () => {
    const { container } = render(<LoadStatus loads={[load({ isFetching: true })]} ready />);
    expect(container).toBeEmptyDOMElement();
  });
});
