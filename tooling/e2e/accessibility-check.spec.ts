// The check every screen goes through (`expectAccessible`, fixtures.ts) must be able to fail: it finds what
// axe finds, in the page and in its frames, and judges the page as it is now when called again.
import { axeViolations, expect, test } from './fixtures.ts';

const SMALL_BUTTON =
  'style="width:12px;height:12px;min-width:0;min-height:0;padding:0;margin:0;border:0;font-size:8px"';
const PICTURE =
  'src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2240%22 height=%2240%22/%3E"';
const FRAME = `<!doctype html><html lang="es"><title>Marco</title><img id="en-el-marco" ${PICTURE}>`;
const PAGE = `<!doctype html><html lang="es"><head><title>Prueba</title></head><body><main>
  <h1>Prueba</h1>
  <img id="sin-texto" ${PICTURE}>
  <p><button ${SMALL_BUTTON}>a</button><button ${SMALL_BUTTON}>b</button></p>
  <iframe title="Marco" src="/prueba-accesibilidad/marco"></iframe>
</main></body></html>`;

test('the accessibility check reports a picture without words and targets too small, in the page and its frames', async ({
  page,
}) => {
  // On the marina's origin, as its screens are; the two documents never reach the server.
  await page.route('**/prueba-accesibilidad', (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
  await page.route('**/prueba-accesibilidad/marco', (route) =>
    route.fulfill({ contentType: 'text/html', body: FRAME }),
  );
  await page.goto('/prueba-accesibilidad');
  await expect(page.frameLocator('iframe').locator('img')).toBeAttached();

  const found = await axeViolations(page);
  expect(found.map((violation) => violation.id)).toEqual(expect.arrayContaining(['image-alt', 'target-size']));
  expect(found.find((violation) => violation.id === 'image-alt')?.targets).toEqual([
    '#sin-texto',
    'iframe #en-el-marco',
  ]);

  // Called again on the same document (axe is in it already), it judges the page as it is now.
  await page.locator('#sin-texto').evaluate((image) => image.setAttribute('alt', 'Un cuadrado'));
  const again = await axeViolations(page);
  expect(again.find((violation) => violation.id === 'image-alt')?.targets).toEqual(['iframe #en-el-marco']);
});
