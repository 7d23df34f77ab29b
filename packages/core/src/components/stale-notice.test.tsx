import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { renderSignedIn } from '../test/fixtures.tsx';
import { StaleNotice } from './stale-notice.tsx';

/** A kept copy whose last load failed, as TanStack Query reports it. */
const failed = (error: Error, state: { isFetching?: boolean } = {}) => ({
  data: { boats: [] },
  isError: true,
  isFetching: false,
  error,
  dataUpdatedAt: Date.now() - 60_000,
  refetch: vi.fn(async () => undefined as never),
  ...state,
});

describe('StaleNotice', () => {
  it('offline, is one small line saying from when, with a small way to try again: no alert, no full-width button', async () => {
    const query = failed(new ApiError('network_error'));
    await renderSignedIn(<StaleNotice query={query} />);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(/^Sin conexión · actualizado a las \d\d:\d\d$/);
    expect(screen.queryByRole('alert')).toBeNull();
    const retry = screen.getByRole('button', { name: 'Volver a intentarlo' });
    expect(retry.parentElement).toBe(status.parentElement);
    await userEvent.click(retry);
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('stays while trying again, so the copy below does not move, and is not asked twice', async () => {
    const query = failed(new ApiError('timeout'), { isFetching: true });
    await renderSignedIn(<StaleNotice query={query} />);
    expect(await screen.findByRole('status')).toHaveTextContent(/^Sin conexión · /);
    const retry = screen.getByRole('button', { name: 'Intentando…' });
    expect(retry).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(retry);
    expect(query.refetch).not.toHaveBeenCalled();
  });

  it('says any other failure as an error, as before', async () => {
    await renderSignedIn(<StaleNotice query={failed(new ApiError('internal_error', { status: 500 }))} />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText(/^Sin conexión/)).toBeNull();
  });
});
