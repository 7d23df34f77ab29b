import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { NO_CONNECTION } from './api-error.ts';

/** A fresh copy of the module: it keeps the catalogue it loaded. */
const fresh = () => import('./load-messages.ts');

afterEach(() => {
  vi.doUnmock('./error-catalogue.ts');
  vi.resetModules();
});

describe('loadMessageFor', () => {
  it("gives the catalogue's words, loading the catalogue once", async () => {
    const { loadMessageFor } = await fresh();
    const first = loadMessageFor();
    expect(loadMessageFor()).toBe(first);
    const messageFor = await first;
    expect(messageFor(new ApiError('invalid_credentials', { status: 401 }))).toBe(
      'El usuario o la contraseña no son correctos.',
    );
  });

  it('without the catalogue (no connection to fetch it), says there is none, and tries again the next time', async () => {
    vi.doMock('./error-catalogue.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { loadMessageFor } = await fresh();
    const messageFor = await loadMessageFor();
    expect(messageFor(new ApiError('invalid_credentials', { status: 401 }))).toBe(NO_CONNECTION);

    vi.doUnmock('./error-catalogue.ts');
    const again = await loadMessageFor();
    expect(again(new ApiError('invalid_credentials', { status: 401 }))).toBe(
      'El usuario o la contraseña no son correctos.',
    );
  });
});
