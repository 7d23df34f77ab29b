// The look of every screen (issue 21, decision 052): a screenshot of each, light and dark, at 390 px, on each
// fixture marina, compared with the one kept in git (look-snapshots/<project>/), and axe on the same page in the
// same scheme. Its own servers (`look-901`, `look-902`) start their clocks at a fixed instant and this page's
// clock stands at that instant: the demo data falls on the same days and the screens say the same dates, any
// day the suite runs. QA reads a changed look in the HTML report (expected, actual, diff); a new look is
// accepted with `pnpm test:e2e look.spec.ts --update-snapshots` and the PNGs committed (README.md).
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { DEMO_AUTHORISED_BOAT, DEMO_LAUNCH_BOAT } from '@marina/api/db/seed.ts';
import type { AuthorisationList } from '@marina/core/domain/authorisations.ts';
import type { BoatList } from '@marina/core/domain/boats.ts';
import { cardCode, type Card } from '@marina/core/domain/cards.ts';
import type { LaunchList } from '@marina/core/domain/launches.ts';
import { href, paths, PRIVATE_ROUTES, PUBLIC_ROUTES, type RouteName } from '@marina/core/lib/paths.ts';
import { createAccount, newPerson, signInAsDemoOwner, validatedRegistration } from './accounts.ts';
import type { E2eClient } from './clients.ts';
import { axeViolations, expect, marinaUrl, test as base } from './fixtures.ts';

/** The demo owner's records a screen of one record opens (the seed's, the same every run). */
interface Demo {
  /** The boat with the demo launch (`DEMO_LAUNCH_BOAT`). */
  boat: string;
  /** The boat lent to the demo's authorised person (`DEMO_AUTHORISED_BOAT`), free to book. */
  bookable: string;
  launch: string;
  authorisation: string;
  /** `checkQR/<id>?c=<code>` as the card's QR says it at the moment of asking (the code changes each minute). */
  cardCheck: () => string;
}

/** Whose browser a screen is seen in. */
type Viewer = 'nobody' | 'owner' | 'newcomer';

interface Screen {
  /** The snapshots' name: `<name>-light.png`, `<name>-dark.png`. */
  name: string;
  viewer: Viewer;
  /** Where it is: a path, or one made from the demo owner's records. */
  path: string | ((demo: Demo) => string);
  /** Waits for what the screen shows once loaded, past what `open` waits for. */
  ready?: (page: Page) => Promise<void>;
  /** What differs from run to run, covered in the screenshot (decision 052). */
  mask?: (page: Page) => Locator[];
}

const SCHEMES = ['light', 'dark'] as const;

/** A registration's code sent, as `registro` leaves it for `validar-registro`: fixed, not this run's. */
const CODE_SENT = (marina: E2eClient, at: Date) => ({
  channel: marina.sendsSms ? 'sms' : 'email',
  destination: marina.sendsSms ? '+34 6•• ••• •01' : 'l•••@correo.example',
  expiresAt: new Date(at.getTime() + 10 * 60_000).toISOString(),
  resendAvailableAt: new Date(at.getTime() + 60_000).toISOString(),
});

/**
 * The card's QR and its number under it: every run makes a new card, with a new id, secret and number, and
 * the QR's code changes every minute.
 */
const cardMask = (page: Page) => [page.getByTestId('card-qr'), page.locator('p', { hasText: /\d{4} \d{4}$/ })];

/** The time of a card check, to the second: the server's, whose clock moves on during the run. */
const checkTime = (page: Page) => page.getByText(/\d{2}:\d{2}:\d{2}/);

/**
 * Every route of the app (`paths`), each with at least one screen: a route added without one fails the type
 * check here. The screens of one record open the demo owner's (the seed's boats, launch and authorisation).
 */
const SCREENS: Record<RouteName, Screen[]> = {
  slider: [{ name: 'slider', viewer: 'nobody', path: paths.slider }],
  login: [{ name: 'login', viewer: 'nobody', path: paths.login }],
  registro: [{ name: 'registro', viewer: 'nobody', path: paths.registro }],
  // Filled in by the test: a registration of this run, its code's destination and times fixed (`CODE_SENT`).
  validarRegistro: [{ name: 'validar-registro', viewer: 'nobody', path: paths.validarRegistro }],
  activar: [{ name: 'activar', viewer: 'nobody', path: paths.activar }],
  forgot: [{ name: 'forgot', viewer: 'nobody', path: paths.forgot }],
  home: [{ name: 'home', viewer: 'nobody', path: paths.home }],
  ayuda: [
    {
      name: 'ayuda',
      viewer: 'nobody',
      path: paths.ayuda,
      // The marina's settings (GET /client) answer one of its questions.
      ready: (page) =>
        page
          .getByText(/antelación/)
          .first()
          .waitFor(),
    },
  ],
  checkQR: [
    {
      name: 'checkQR-desconocido',
      viewer: 'nobody',
      path: href.checkQR('TARJETA-0000000000000000000000000000000000000000'),
      ready: (page) => page.getByRole('article').waitFor(),
      mask: (page) => [checkTime(page)],
    },
    {
      name: 'checkQR-valida',
      viewer: 'nobody',
      path: (demo) => demo.cardCheck(),
      ready: (page) => page.getByRole('article').waitFor(),
      mask: (page) => [checkTime(page)],
    },
  ],
  inicio: [{ name: 'inicio', viewer: 'owner', path: paths.inicio, mask: cardMask }],
  mas: [{ name: 'mas', viewer: 'owner', path: paths.mas }],
  micuenta: [{ name: 'micuenta', viewer: 'owner', path: paths.micuenta }],
  notificaciones: [{ name: 'notificaciones', viewer: 'owner', path: paths.notificaciones }],
  misbarcos: [{ name: 'misbarcos', viewer: 'owner', path: paths.misbarcos }],
  barco: [{ name: 'barco', viewer: 'owner', path: (demo) => href.barco(demo.boat) }],
  altaContrato: [{ name: 'alta-contrato', viewer: 'owner', path: paths.altaContrato }],
  pedidosbajadas: [{ name: 'pedidosbajadas', viewer: 'owner', path: paths.pedidosbajadas }],
  bajada: [{ name: 'bajada', viewer: 'owner', path: (demo) => href.bajada(demo.launch) }],
  altaPedidoBajada: [{ name: 'alta-pedido-bajada', viewer: 'owner', path: paths.altaPedidoBajada }],
  altaPedidoBajadaBarco: [
    {
      name: 'alta-pedido-bajada-barco',
      viewer: 'owner',
      path: (demo) => href.altaPedidoBajadaBarco(demo.bookable),
    },
  ],
  reprogramarBajada: [
    { name: 'reprogramar-bajada', viewer: 'owner', path: (demo) => href.reprogramarBajada(demo.launch) },
  ],
  autorizados: [
    { name: 'autorizados', viewer: 'owner', path: paths.autorizados },
    { name: 'autorizados-barco', viewer: 'owner', path: (demo) => href.autorizados(demo.bookable) },
  ],
  altaAutorizado: [{ name: 'alta-autorizado', viewer: 'owner', path: paths.altaAutorizado }],
  suspenderAutorizado: [
    {
      name: 'suspender-autorizado',
      viewer: 'owner',
      path: (demo) => href.suspenderAutorizado(demo.authorisation),
    },
  ],
  reprogramarAutorizado: [
    {
      name: 'reprogramar-autorizado',
      viewer: 'owner',
      path: (demo) => href.reprogramarAutorizado(demo.authorisation),
    },
  ],
  // The demo's authorisation is validated already: the screen says so (a pending one would be this run's).
  validarAutorizado: [
    {
      name: 'validar-autorizado',
      viewer: 'owner',
      path: (demo) => href.validarAutorizado(demo.authorisation),
    },
  ],
  validarDatos: [{ name: 'validar-datos', viewer: 'owner', path: paths.validarDatos }],
  carnetVerde: [
    {
      name: 'carnet-verde',
      viewer: 'owner',
      path: paths.carnetVerde,
      ready: (page) => page.getByRole('article').waitFor(),
      mask: cardMask,
    },
  ],
  // The demo owner's card is green; a person with no boats yet has the red one.
  carnetRojo: [
    {
      name: 'carnet-rojo',
      viewer: 'newcomer',
      path: paths.carnetRojo,
      ready: (page) => page.getByRole('article').waitFor(),
      mask: cardMask,
    },
  ],
  salidas: [{ name: 'salidas', viewer: 'owner', path: paths.salidas }],
  altaSalida: [{ name: 'alta-salida', viewer: 'owner', path: paths.altaSalida }],
};

/** The address nothing answers: the not-found screen. */
const NOT_FOUND: Screen = { name: 'no-encontrada', viewer: 'nobody', path: '/no-existe' };

/** The newcomer: always the same name, so their screens draw the same; unique contacts, a new account per server. */
const NEWCOMER = { firstName: 'Lucía', surnames: 'Nueva Pérez' };

interface LookFixtures {
  demo: Demo;
}

interface LookWorkerFixtures {
  /** The demo owner's cookies, signed in once per worker (a sign-in per test would take the sign-in limits). */
  ownerState: Awaited<ReturnType<BrowserContext['storageState']>>;
  /** A person with an account and no boats (a red card), made once per worker. */
  newcomerState: Awaited<ReturnType<BrowserContext['storageState']>>;
  demoRecords: Demo;
}

async function signedInState(browser: Browser, marina: E2eClient, signIn: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: marinaUrl(marina) });
  const page = await context.newPage();
  await signIn(page);
  const state = await context.storageState();
  await context.close();
  return state;
}

const test = base.extend<LookFixtures, LookWorkerFixtures>({
  ownerState: [
    async ({ browser, marina }, use) => {
      await use(await signedInState(browser, marina, (page) => signInAsDemoOwner(page, marinaUrl(marina), marina.id)));
    },
    { scope: 'worker' },
  ],
  newcomerState: [
    async ({ browser, marina }, use) => {
      const person = { ...newPerson(marina.name), ...NEWCOMER };
      await use(
        // The activation signs the new account in.
        await signedInState(browser, marina, (page) =>
          createAccount(page.request, marinaUrl(marina), marina.id, person, marina.sendsSms),
        ),
      );
    },
    { scope: 'worker' },
  ],
  demoRecords: [
    async ({ browser, marina, ownerState }, use) => {
      const context = await browser.newContext({ baseURL: marinaUrl(marina), storageState: ownerState });
      const headers = { 'X-Client-Id': String(marina.id) };
      const get = async <T>(path: string) => {
        const response = await context.request.get(`/api/v1/${path}`, { headers });
        expect(response.ok(), `GET /${path}`).toBe(true);
        return (await response.json()) as T;
      };
      const { boats } = await get<BoatList>('boats');
      const boatNamed = (name: string) => {
        const boat = boats.find((candidate) => candidate.name === name);
        if (!boat) throw new Error(`the demo owner has no boat named ${name}: ${boats.map((b) => b.name).join(', ')}`);
        return boat.id;
      };
      const { upcoming } = await get<LaunchList>('launches');
      const { authorisations } = await get<AuthorisationList>('authorisations');
      const card = await get<Card>('card');
      // The server's clock against this machine's: the code of the server's minute, whenever it is asked for.
      const offset = Date.parse(card.serverTime) - Date.now();
      await context.close();
      if (!upcoming[0] || !authorisations[0]) throw new Error('the demo owner has no launch or no authorisation');
      await use({
        boat: boatNamed(DEMO_LAUNCH_BOAT),
        bookable: boatNamed(DEMO_AUTHORISED_BOAT),
        launch: upcoming[0].id,
        authorisation: authorisations[0].id,
        cardCheck: () =>
          `${href.checkQR(card.idTarjeta)}?c=${cardCode(card.code.secret, new Date(Date.now() + offset))}`,
      });
    },
    { scope: 'worker' },
  ],
  demo: async ({ demoRecords }, use) => use(demoRecords),
});

/** Opens a screen and waits until it has drawn what it loads. */
async function open(page: Page, path: string, screen: Screen) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText('Cargando…')).toHaveCount(0);
  // A skeleton (components/skeleton.tsx) says «Cargando…» or its own words, over grey cards hidden from
  // screen readers: none left.
  await expect(page.locator('[role="status"]:has(> div[aria-hidden="true"])')).toHaveCount(0);
  await screen.ready?.(page);
  await page.evaluate(() => document.fonts.ready);
  // Every picture drawn (the marina's logo, the platform's in the footer): one still loading is a blank box
  // in one run and the picture in the next.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));
}

const PHONE = { width: 390, height: 844 };

/**
 * The phone made as tall as the screen's content, so that the full-page screenshot has the tab bar and the
 * other fixed parts where a person sees them at the end of the page, not stamped across its middle at the
 * first screenful's bottom (decision 052). A screen shorter than the phone keeps the phone's height.
 */
async function fitToContent(page: Page) {
  for (let round = 0; round < 3; round += 1) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const current = page.viewportSize()!.height;
    if (height <= current) return;
    await page.setViewportSize({ width: PHONE.width, height });
  }
}

/** Each scheme in turn: the screen opened in it, compared with its snapshot, and checked by axe in it. */
async function lookAt(page: Page, screen: Screen, path: string) {
  for (const colorScheme of SCHEMES) {
    await test.step(colorScheme, async () => {
      await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme });
      await open(page, path, screen);
      await fitToContent(page);
      await expect(page).toHaveScreenshot(`${screen.name}-${colorScheme}.png`, {
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        mask: screen.mask?.(page) ?? [],
        // Same browser, same machine, same data: a run draws the same pixels. 40 pixels that differ at all
        // (a pixel differs past the default colour distance, 0.2) is room for a stray anti-aliased edge, not
        // for a changed word: one short word is some 250 (decision 052).
        maxDiffPixels: 40,
      });
      expect(await axeViolations(page), `axe on ${screen.name} in ${colorScheme}`).toEqual([]);
    });
  }
}

test.describe('the look of every screen, light and dark', () => {
  test.beforeEach(async ({ page, marina }) => {
    // The page's clock stands where the server's started: «hoy», the greeting and every relative date are
    // the same every run (the server's own clock moves on from there: decision 052).
    await page.clock.setFixedTime(new Date(marina.clockStart!));
    await page.addInitScript(() => localStorage.setItem('mb.sliderSeen', '1'));
  });

  const screens = [...PUBLIC_ROUTES, ...PRIVATE_ROUTES].flatMap((route) =>
    SCREENS[route].map((screen) => ({ route, screen })),
  );

  for (const { route, screen } of [...screens, { route: undefined, screen: NOT_FOUND }]) {
    const title = `${screen.name} (${route ? paths[route] : 'no route'})`;
    const { path } = screen;
    if (screen.viewer === 'owner')
      test(title, async ({ page, context, ownerState, demo }) => {
        await context.addCookies(ownerState.cookies);
        await lookAt(page, screen, typeof path === 'string' ? path : path(demo));
      });
    else if (screen.viewer === 'newcomer')
      test(title, async ({ page, context, newcomerState }) => {
        await context.addCookies(newcomerState.cookies);
        await lookAt(page, screen, path as string);
      });
    else if (route === 'validarRegistro' || route === 'activar')
      test(title, async ({ page, marina }) => {
        // A registration of this run, validated so that `activar` has its token; `validar-registro` shows it
        // as the registration screen leaves it, with where the code went and when fixed (`CODE_SENT`).
        const person = { ...newPerson(marina.name), ...NEWCOMER };
        const { started, activationToken } = await validatedRegistration(
          page.request,
          marinaUrl(marina),
          marina.id,
          person,
          marina.sendsSms,
        );
        if (route === 'activar') return lookAt(page, screen, `${paths.activar}?token=${activationToken}`);
        await page.addInitScript(([id, value]) => sessionStorage.setItem(`mb.codeSent.${id}`, value), [
          started.registrationId,
          JSON.stringify(CODE_SENT(marina, new Date(marina.clockStart!))),
        ] as const);
        return lookAt(page, screen, `${paths.validarRegistro}?id=${started.registrationId}`);
      });
    else if (typeof path === 'string') test(title, ({ page }) => lookAt(page, screen, path));
    else test(title, async ({ page, demo }) => lookAt(page, screen, path(demo)));
  }
});
