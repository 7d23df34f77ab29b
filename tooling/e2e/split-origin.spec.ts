// The seed's deployment: the app on the marina's host, the API on another port of it (decision 016). Its own
// project (`split-origin`): it starts its own pair of servers, with a bundle built for that API address.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect, test, type Response } from '@playwright/test';
import { FIXTURE_MARINAS_DIR } from '../scripts/lib/clients.ts';
import { repoRoot } from '../vite/client-vite-config.ts';
import { demoOwner, signIn } from './accounts.ts';

interface SplitOrigin {
  app: string;
  api: string;
}

let server: ChildProcess | undefined;
let origins: SplitOrigin;

/** Starts `split-origin-server.ts` and waits for the line saying where the app and the API are. */
function startSplitOrigin(): Promise<SplitOrigin> {
  const child = spawn(
    process.execPath,
    ['tooling/e2e/split-origin-server.ts', '--client', '901', '--stop-with-parent'],
    {
      cwd: repoRoot,
      // The fixture marina that sends codes by SMS (decision 046), not a real brand.
      env: { ...process.env, MARINAS_DIR: FIXTURE_MARINAS_DIR },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  server = child;
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`split-origin-server exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as SplitOrigin);
    });
  });
}

test.beforeAll(async () => {
  // A production build of the bundle comes first.
  test.setTimeout(300_000);
  origins = await startSplitOrigin();
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

// The installed app's service worker must let the calls to the API's origin go by, uncached.
test.use({ serviceWorkers: 'allow' });

test('signs in with the app and the API on two origins, and stays signed in', async ({ page }) => {
  const { app, api } = origins;
  expect(new URL(app).origin).not.toBe(new URL(api).origin);
  const apiAnswers: Response[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${api}/`)) apiAnswers.push(response);
  });
  await page.addInitScript(() => localStorage.setItem('mb.sliderSeen', '1'));
  await page.goto(`${app}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  // Installed and in control of the page before any call.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await signIn(page, demoOwner(901).email, demoOwner(901).password);
  await expect(page).toHaveURL(`${app}/inicio`);
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();

  // The sign-in went to the API's origin, carried the token its cookie holds, and was answered there.
  const signInAnswer = apiAnswers.find(
    (response) => response.request().method() === 'POST' && response.url() === `${api}/api/v1/session`,
  );
  expect(signInAnswer?.status()).toBe(200);
  expect(await signInAnswer!.request().headerValue('x-xsrf-token')).toMatch(/^[\w-]{20,}$/);
  // The token cookie the API's port set is the page's to read (cookies are per host, not per port).
  expect(await page.evaluate(() => document.cookie)).toMatch(/(^|; )XSRF-TOKEN=/);

  // A new load asks the API who is signed in: the session cookie goes with it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
  expect(apiAnswers.length).toBeGreaterThan(2);
  expect(apiAnswers.filter((response) => response.fromServiceWorker()).map((response) => response.url())).toEqual([]);
});

test('opens the live event stream on the API’s origin, with the session cookie (decision 062)', async ({ page }) => {
  const { app, api } = origins;
  await page.addInitScript(() => localStorage.setItem('mb.sliderSeen', '1'));
  await page.goto(`${app}/login`);
  const stream = page.waitForResponse((response) => response.url().startsWith(`${api}/api/v1/events?`));
  await signIn(page, demoOwner(901).email, demoOwner(901).password);
  await expect(page).toHaveURL(`${app}/inicio`);
  const answer = await stream;
  expect(answer.status()).toBe(200);
  expect(answer.url()).toBe(`${api}/api/v1/events?clientId=901`);
  const headers = await answer.allHeaders();
  expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(headers['access-control-allow-origin']).toBe(new URL(app).origin);
  expect(headers['access-control-allow-credentials']).toBe('true');
});
