import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIDER_SEEN } from '../lib/first-start.ts';
import { testConfig, testMarina, testSession } from '../test/fixtures.tsx';
import { startApp } from './start.tsx';

/** The API's paths the app asked for, in order (`GET /api/v1/boats` → `boats`). */
let asked: string[];
/** Lets the session check answer: until then it is on its way. */
let answerSession: () => void;

function answering(signedIn: boolean) {
  asked = [];
  const sessionAnswered = new Promise<void>((resolve) => {
    answerSession = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
      const path = url.pathname.replace(/^\/api\/v1\//, '');
      asked.push(path);
      if (path === 'session') await sessionAnswered;
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': status === 200 ? 'application/json' : 'application/problem+json' },
        });
      if (!signedIn) return json({ code: 'unauthenticated', status: 401 }, 401);
      if (path === 'session') return json(testSession);
      if (path === 'boats') return json({ boats: [] });
      if (path === 'client') return json(testMarina);
      return json({ code: 'not_found', status: 404 }, 404);
    }),
  );
}

async function openAt(path: string) {
  window.history.replaceState(null, '', path);
  const container = document.createElement('div');
  document.body.append(container);
  await startApp(testConfig, container);
}

describe('the app opened cold on a private screen', () => {
  beforeEach(() => localStorage.setItem(SLIDER_SEEN, '1'));
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.replaceChildren();
    localStorage.clear();
  });

  it('asks the session and the screen’s data at once, each once', async () => {
    answering(true);
    await openAt('/misbarcos');
    // The screen's data leave while the session check is still out, not after its answer.
    await waitFor(() => expect(asked).toEqual(['session', 'boats']));
    answerSession();
    expect(await screen.findByText('Aún no hay barcos')).toBeInTheDocument();
    expect(asked.slice(0, 2)).toEqual(['session', 'boats']);
    expect(asked.filter((path) => path === 'session')).toHaveLength(1);
    expect(asked.filter((path) => path === 'boats')).toHaveLength(1);
  });

  it('still sends a person without a session to sign in, back here after it', async () => {
    answering(false);
    answerSession();
    await openAt('/misbarcos');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/misbarcos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByText('Aún no hay barcos')).not.toBeInTheDocument();
  });
});
