import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_OFFER_DECLINED } from '../../lib/first-start.ts';
import { answeringApi, renderApp } from '../../test/fixtures.tsx';
import { launch } from './launches.fixtures.ts';
import type * as BrowserPushModule from '../../lib/push/browser-push.ts';
import type { PushBrowser } from '../../lib/push/browser-push.ts';
import { fakePushBrowser } from '../../test/push.ts';

const device = vi.hoisted(() => ({ browser: undefined as PushBrowser | undefined }));
vi.mock('../../lib/push/browser-push.ts', async (original) => ({
  ...(await original<typeof BrowserPushModule>()),
  browserPush: () => device.browser!,
}));

const ID = 'dddddddd-0000-4000-8000-000000000002';
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const OFFER = '¿Te avisamos en este móvil cuando la marina confirme tu bajada?';

function launchApi() {
  return answeringApi({
    [`GET launches/${ID}`]: () => launch({ id: ID, status: 'pending' }),
    'GET push/key': () => ({ publicKey: PUBLIC_KEY }),
    'POST push/subscriptions': () => undefined,
  });
}

/** The launch as the person lands on it after booking (decision 058), or as any other visit opens it. */
function openLaunch(justBooked: boolean, api = launchApi().api) {
  return renderApp(`/pedidosbajadas/${ID}`, {
    api,
    ...(justBooked ? { state: { notice: 'Bajada pedida.', offerPush: true } } : {}),
  });
}

beforeEach(() => {
  device.browser = fakePushBrowser().browser;
});

describe('the offer of push after booking', () => {
  it('asks, with why, on the launch just booked; «Activar avisos» asks the browser and subscribes', async () => {
    const fake = fakePushBrowser();
    device.browser = fake.browser;
    const { api, send } = launchApi();
    openLaunch(true, api);
    const offer = await screen.findByRole('region', { name: OFFER });
    expect(offer).toHaveTextContent('Así lo sabrás al momento');
    expect(fake.calls.requestPermission).toBe(0);
    await userEvent.click(within(offer).getByRole('button', { name: 'Activar avisos' }));
    expect(await screen.findByText('Avisos activados en este móvil.')).toBeInTheDocument();
    expect(fake.calls.requestPermission).toBe(1);
    expect(send).toHaveBeenCalledWith(
      'post',
      'push/subscriptions',
      expect.objectContaining({ endpoint: fake.endpoint }),
    );
  });

  it('«Ahora no» hides it and it is not offered again on this device', async () => {
    openLaunch(true);
    const offer = await screen.findByRole('region', { name: OFFER });
    await userEvent.click(within(offer).getByRole('button', { name: 'Ahora no' }));
    expect(screen.queryByRole('region', { name: OFFER })).not.toBeInTheDocument();
    expect(localStorage.getItem(PUSH_OFFER_DECLINED)).toBe('1');
  });

  it.each([
    ['a launch opened any other way', false, {}],
    ['a browser without push', true, { supported: false }],
    ['a browser already answered (allowed)', true, { permission: 'granted' as const }],
    ['a browser already answered (blocked)', true, { permission: 'denied' as const }],
  ])('is not offered for %s', async (_case, justBooked, options) => {
    device.browser = fakePushBrowser(options).browser;
    openLaunch(justBooked);
    expect(await screen.findByRole('heading', { name: 'Historial' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: OFFER })).not.toBeInTheDocument());
  });

  it('is not offered after «Ahora no» on this device', async () => {
    localStorage.setItem(PUSH_OFFER_DECLINED, '1');
    openLaunch(true);
    expect(await screen.findByRole('heading', { name: 'Historial' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: OFFER })).not.toBeInTheDocument();
  });
});
