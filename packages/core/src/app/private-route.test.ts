import { describe, expect, it } from 'vitest';
import { paths, PRIVATE_ROUTES, PUBLIC_ROUTES } from '../lib/paths.ts';
import { mayOpenPrivateScreen } from './private-route.ts';

const address = (path: string) => path.replace(/:\w+/g, 'b-1');

describe('whether the app may be opening on a private screen', () => {
  it.each(PRIVATE_ROUTES)('is so on %s, with or without a trailing slash', (name) => {
    expect(mayOpenPrivateScreen(address(paths[name]))).toBe(true);
    expect(mayOpenPrivateScreen(`${address(paths[name])}/`)).toBe(true);
  });

  it.each(PUBLIC_ROUTES)('is not so on the public %s', (name) => {
    expect(mayOpenPrivateScreen(address(paths[name]))).toBe(false);
  });

  it('is not so on the sign-in page, the empty path or an unknown one', () => {
    for (const path of ['/', '/login', '/no-existe', '']) expect(mayOpenPrivateScreen(path)).toBe(false);
  });
});
