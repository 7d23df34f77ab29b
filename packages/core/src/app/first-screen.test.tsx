import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIDER_SEEN } from '../lib/first-start.ts';
import { testConfig, testSession } from '../test/fixtures.tsx';
import { FIRST_START_ATTRIBUTE, firstStartGateScript, PRERENDERED_ATTRIBUTE } from './first-screen.tsx';
import { prerenderScreen } from './prerender.tsx';
import { startApp } from './start.tsx';

/** The page `login.html` is, as the browser has it before the app runs. */
async function drawnSignIn(path: string) {
  window.history.replaceState(null, '', path);
  const container = document.createElement('div');
  container.setAttribute(PRERENDERED_ATTRIBUTE, 'login');
  container.innerHTML = await prerenderScreen(testConfig, 'login');
  document.body.append(container);
  return container;
}

const identifier = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[name="identifier"]')!;

describe('the sign-in screen drawn at build time', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errors = vi.spyOn(console, 'error');
    // Nobody is signed in: what the session check answers on a first visit.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'unauthenticated', status: 401 }), {
            status: 401,
            headers: { 'content-type': 'application/problem+json' },
          }),
      ),
    );
  });
  afterEach(() => {
    errors.mockRestore();
    vi.unstubAllGlobals();
    document.body.replaceChildren();
    document.documentElement.removeAttribute(FIRST_START_ATTRIBUTE);
  });

  it("is the form, labelled, in the marina's header, with sending off until the app runs", async () => {
    const container = await drawnSignIn('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico o documento')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeDisabled();
    expect(container).toHaveTextContent(testConfig.clientTitulo);
    expect(container.querySelector('form')).toHaveAttribute('method', 'post');
  });

  it('is taken over as it is: same nodes, no mismatch, what was typed and where focus was kept', async () => {
    localStorage.setItem(SLIDER_SEEN, '1');
    const container = await drawnSignIn('/login');
    const field = identifier(container);
    const heading = container.querySelector('h1');
    field.focus();
    field.value = 'ana@correo.es';

    await startApp(testConfig, container);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled());
    expect(identifier(container)).toBe(field);
    expect(container.querySelector('h1')).toBe(heading);
    expect(field).toHaveValue('ana@correo.es');
    expect(field).toHaveFocus();
    // The session check, which the drawn screen did not make, is made once the app runs.
    await waitFor(() => expect(fetch).toHaveBeenCalled());

    await userEvent.type(field, '.x');
    await userEvent.tab();
    expect(field).toHaveValue('ana@correo.es.x');
    expect(errors).not.toHaveBeenCalled();
  });

  it('sends what was typed into it before the app ran, without it being typed again', async () => {
    localStorage.setItem(SLIDER_SEEN, '1');
    const sent: unknown[] = [];
    vi.mocked(fetch).mockImplementation(async (request) => {
      if (request instanceof Request && request.method === 'POST') sent.push(await request.json());
      return new Response(JSON.stringify({ code: 'unauthenticated', status: 401 }), {
        status: 401,
        headers: { 'content-type': 'application/problem+json' },
      });
    });
    const container = await drawnSignIn('/login');
    identifier(container).value = 'ana@correo.es';
    container.querySelector<HTMLInputElement>('input[name="password"]')!.value = 'una clave larga';

    await startApp(testConfig, container);
    const send = screen.getByRole('button', { name: 'Entrar' });
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    // The app's own send (not the page's, which would have left the page): the values in its call's body.
    await waitFor(() => expect(sent).toEqual([{ identifier: 'ana@correo.es', password: 'una clave larga' }]));
    expect(window.location.pathname).toBe('/login');
  });

  it('sends a person who is signed in on to inicio once the session check answers', async () => {
    localStorage.setItem(SLIDER_SEEN, '1');
    // Each call its own answer: `inicio` goes on to ask for the lists, which must not be the session (an answer
    // of the wrong shape would break its cards after this test has ended, in the next one's console).
    const answers: Record<string, unknown> = {
      session: testSession,
      boats: { boats: [] },
      launches: { upcoming: [], past: [], next: null },
      outings: { atSea: [], history: [], next: null },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const answer = answers[new URL(request.url).pathname.split('/').at(-1) ?? ''];
        if (answer === undefined)
          return new Response(JSON.stringify({ code: 'not_found', status: 404 }), {
            status: 404,
            headers: { 'content-type': 'application/problem+json' },
          });
        return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const container = await drawnSignIn('/login');
    await startApp(testConfig, container);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/inicio');
  });

  it('is the page of the empty path too, which becomes /login', async () => {
    localStorage.setItem(SLIDER_SEEN, '1');
    const container = await drawnSignIn('/');
    const field = identifier(container);
    await startApp(testConfig, container);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled());
    expect(window.location.pathname).toBe('/login');
    expect(identifier(container)).toBe(field);
    expect(errors).not.toHaveBeenCalled();
  });

  it('gives way to the intro slides on a device that has not seen them', async () => {
    const container = await drawnSignIn('/login');
    new Function(firstStartGateScript)();
    expect(document.documentElement).toHaveAttribute(FIRST_START_ATTRIBUTE);

    await startApp(testConfig, container);
    expect(await screen.findByRole('heading', { level: 1, name: 'Conoce la aplicación' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Contraseña')).toBeNull();
    expect(document.documentElement).not.toHaveAttribute(FIRST_START_ATTRIBUTE);
    expect(window.location.pathname).toBe('/slider');
  });

  it('is not shown for another address', async () => {
    localStorage.setItem(SLIDER_SEEN, '1');
    const container = await drawnSignIn('/ayuda');
    await startApp(testConfig, container);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ayuda' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Contraseña')).toBeNull();
    expect(container).not.toHaveAttribute(PRERENDERED_ATTRIBUTE);
  });
});

describe('firstStartGateScript', () => {
  afterEach(() => document.documentElement.removeAttribute(FIRST_START_ATTRIBUTE));

  it('marks the page only while the intro slides have not been seen', () => {
    new Function(firstStartGateScript)();
    expect(document.documentElement).toHaveAttribute(FIRST_START_ATTRIBUTE);
    document.documentElement.removeAttribute(FIRST_START_ATTRIBUTE);
    localStorage.setItem(SLIDER_SEEN, '1');
    new Function(firstStartGateScript)();
    expect(document.documentElement).not.toHaveAttribute(FIRST_START_ATTRIBUTE);
  });
});
