// The floor the benchmarks measure the app against (issue 24, decision 065): a bare React + react-router
// page built with Vite, nothing of the project's. `/login` is the same sign-in form, usable once React has
// taken the page over, and sends it with one `fetch`; `/contenido` asks the API one thing (the session, as a
// private screen does first) and shows the answer: the floor of a screen's time to content.
import { StrictMode, useEffect, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

/** The marina the calls are for (`?client=41`), sent as the app sends it. */
const headers = { 'x-client-id': new URLSearchParams(location.search).get('client') ?? '41' };

function SignIn() {
  const [ready, setReady] = useState(false);
  const [message, setMessage] = useState('');
  useEffect(() => setReady(true), []);
  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const response = await fetch('/api/v1/session', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ email: form.get('email'), password: form.get('password') }),
    });
    setMessage(response.ok ? 'Dentro' : 'No se pudo entrar');
  }
  return (
    <main>
      <h1>Entrar</h1>
      <form onSubmit={send}>
        <label>
          Correo electrónico
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Contraseña
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit" disabled={!ready}>
          Entrar
        </button>
      </form>
      <p role="status">{message}</p>
    </main>
  );
}

function Content() {
  const [answer, setAnswer] = useState<string>();
  useEffect(() => {
    void fetch('/api/v1/session', { headers }).then(async (response) =>
      setAnswer(`${response.status} ${(await response.text()).length}`),
    );
  }, []);
  return (
    <main>
      <h1>Contenido</h1>
      {answer === undefined ? null : <p data-content="">{answer}</p>}
    </main>
  );
}

const router = createBrowserRouter([
  { path: '/login', element: <SignIn /> },
  { path: '*', element: <Content /> },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
