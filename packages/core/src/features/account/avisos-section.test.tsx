import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import type { NotificationPreferences } from '../../domain/push.ts';
import { PUSH_OFFER_DECLINED } from '../../lib/first-start.ts';
import { renderApp, signedInApi, testMarina, testNotificationPreferences } from '../../test/fixtures.tsx';
import type * as BrowserPushModule from '../../lib/push/browser-push.ts';
import type { PushBrowser } from '../../lib/push/browser-push.ts';
import { fakePushBrowser } from '../../test/push.ts';

const device = vi.hoisted(() => ({ browser: undefined as PushBrowser | undefined }));
vi.mock('../../lib/push/browser-push.ts', async (original) => ({
  ...(await original<typeof BrowserPushModule>()),
  browserPush: () => device.browser!,
}));

const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

/** Signed in; the preferences and push calls answered, recorded, and failing when `failing` says. */
function pushApi({
  failing = () => false,
}: { failing?: (method: string, path: string, body: unknown) => boolean } = {}) {
  let preferences: NotificationPreferences = structuredClone(testNotificationPreferences);
  const base = signedInApi();
  const send = vi.fn(async (method: string, path: string, body?: unknown) => {
    if (failing(method, path, body)) throw new ApiError('network_error');
    if (method === 'put' && path === 'notification-preferences') {
      const { kind, channel } = body as { kind: string; channel: NotificationPreferences['items'][number]['channel'] };
      preferences = {
        ...preferences,
        items: preferences.items.map((item) => (item.kind === kind ? { ...item, channel } : item)),
      };
      return preferences;
    }
    if (path === 'push/subscriptions') return undefined;
    return base.send(method as 'post', path, body);
  });
  const api: ApiClient = {
    ...base,
    get: (async (path: string) => {
      if (path === 'push/key') return { publicKey: PUBLIC_KEY };
      if (path === 'notification-preferences') return preferences;
      return base.get(path);
    }) as ApiClient['get'],
    send: send as unknown as ApiClient['send'],
  };
  return { api, send };
}

async function avisos() {
  const region = await screen.findByRole('region', { name: 'Avisos' });
  // The section folds: opened as a person would, by its title.
  await userEvent.click(within(region).getByText('Avisos'));
  return region;
}

beforeEach(() => {
  device.browser = fakePushBrowser().browser;
});

describe('micuenta: «Avisos»', () => {
  it('asks nothing until the switch is turned on; then asks, subscribes and stores the subscription', async () => {
    const fake = fakePushBrowser();
    device.browser = fake.browser;
    const { api, send } = pushApi();
    renderApp('/micuenta', { api });
    const region = await avisos();
    const toggle = await within(region).findByRole('switch', { name: 'Avisos en este móvil' });
    expect(toggle).not.toBeChecked();
    expect(fake.calls.requestPermission).toBe(0);

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(fake.calls.requestPermission).toBe(1);
    expect(send).toHaveBeenCalledWith(
      'post',
      'push/subscriptions',
      expect.objectContaining({ endpoint: fake.endpoint }),
    );
    expect(within(region).getByText(/Activados: este móvil te avisará/)).toBeInTheDocument();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(send).toHaveBeenCalledWith('delete', 'push/subscriptions', { endpoint: fake.endpoint });
    expect(fake.subscription()).toBeNull();
  });

  it('says when this browser cannot receive pushes, and offers no switch', async () => {
    device.browser = fakePushBrowser({ supported: false }).browser;
    renderApp('/micuenta', { api: pushApi().api });
    const region = await avisos();
    expect(await within(region).findByText(/Este navegador no puede recibir avisos/)).toBeInTheDocument();
    expect(within(region).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('says how to undo a block in the browser’s settings', async () => {
    device.browser = fakePushBrowser({ permission: 'denied' }).browser;
    renderApp('/micuenta', { api: pushApi().api });
    const region = await avisos();
    expect(await within(region).findByText(/bloqueados .* ajustes del navegador/)).toBeInTheDocument();
  });

  it('a "no" at the browser’s prompt shows the block', async () => {
    device.browser = fakePushBrowser({ answer: 'denied' }).browser;
    renderApp('/micuenta', { api: pushApi().api });
    const region = await avisos();
    await userEvent.click(await within(region).findByRole('switch', { name: 'Avisos en este móvil' }));
    expect(await within(region).findByText(/bloqueados .* ajustes del navegador/)).toBeInTheDocument();
  });

  it('without a connection, says so and stays off', async () => {
    const fake = fakePushBrowser();
    device.browser = fake.browser;
    renderApp('/micuenta', {
      api: pushApi({ failing: (method, path) => method === 'post' && path === 'push/subscriptions' }).api,
    });
    const region = await avisos();
    const toggle = await within(region).findByRole('switch', { name: 'Avisos en este móvil' });
    await userEvent.click(toggle);
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      /^No se han podido activar los avisos en este móvil\. .*conexión/,
    );
    expect(toggle).not.toBeChecked();
    expect(fake.subscription()).toBeNull();
  });

  it('a phone already subscribed shows on, and stores its subscription again for whoever is signed in', async () => {
    const fake = fakePushBrowser({ permission: 'granted', subscribed: true });
    device.browser = fake.browser;
    const { api, send } = pushApi();
    renderApp('/micuenta', { api });
    const region = await avisos();
    expect(await within(region).findByRole('switch', { name: 'Avisos en este móvil' })).toBeChecked();
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        'post',
        'push/subscriptions',
        expect.objectContaining({ endpoint: fake.endpoint }),
      ),
    );
  });

  it('per kind, a channel named after the marina’s (SMS here), saved on change; the safety alert always on', async () => {
    const { api, send } = pushApi();
    renderApp('/micuenta', { api });
    const region = await avisos();
    const confirmed = await within(region).findByRole('combobox', { name: 'Bajada confirmada' });
    expect(
      within(confirmed)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Solo aviso en el móvil', 'Solo por SMS', 'Aviso en el móvil y SMS']);
    expect(confirmed).toHaveValue('both');
    await userEvent.selectOptions(confirmed, 'push');
    expect(send).toHaveBeenCalledWith('put', 'notification-preferences', { kind: 'launch_confirmed', channel: 'push' });
    await waitFor(() =>
      expect(within(region).getByRole('combobox', { name: 'Bajada confirmada' })).toHaveValue('push'),
    );
    expect(within(region).queryByRole('combobox', { name: 'Salida sin volver a su hora' })).not.toBeInTheDocument();
    expect(
      within(region).getByText(/Salida sin volver a su hora: aviso en el móvil y sms, siempre/),
    ).toBeInTheDocument();
  });

  it('names e-mail where the marina sends e-mail', async () => {
    const { api } = pushApi();
    const get = api.get;
    api.get = (async (path: string) =>
      path === 'client' ? { ...testMarina, sendsSms: false } : get(path)) as ApiClient['get'];
    renderApp('/micuenta', { api });
    const region = await avisos();
    const confirmed = await within(region).findByRole('combobox', { name: 'Bajada confirmada' });
    expect(within(confirmed).getByRole('option', { name: 'Solo por correo' })).toBeInTheDocument();
  });

  it('a choice that could not be saved stays chosen, the error names the kind, and it can be tried again', async () => {
    let offline = true;
    const { api, send } = pushApi({ failing: (method) => method === 'put' && offline });
    renderApp('/micuenta', { api });
    const region = await avisos();
    const water = await within(region).findByRole('combobox', { name: 'Barco en el agua' });
    await userEvent.selectOptions(water, 'message');
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      /^No se ha guardado cómo te avisamos de «Barco en el agua»\./,
    );
    expect(water).toHaveValue('message');
    expect(water).toHaveAttribute('aria-invalid', 'true');
    offline = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Intentar de nuevo' }));
    await waitFor(() => expect(within(region).queryByRole('alert')).not.toBeInTheDocument());
    expect(send).toHaveBeenLastCalledWith('put', 'notification-preferences', {
      kind: 'boat_in_water',
      channel: 'message',
    });
  });
});

describe('signing out with push on', () => {
  it('removes this phone’s subscription, and a failure there does not stop sign-out', async () => {
    const fake = fakePushBrowser({ permission: 'granted', subscribed: true });
    device.browser = fake.browser;
    const { api, send } = pushApi({ failing: (method, path) => method === 'delete' && path === 'push/subscriptions' });
    const { router } = renderApp('/mas', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(send).toHaveBeenCalledWith('delete', 'push/subscriptions', { endpoint: fake.endpoint });
    expect(fake.subscription()).toBeNull();
  });

  it('deleting the account unsubscribes this phone too', async () => {
    const fake = fakePushBrowser({ permission: 'granted', subscribed: true });
    device.browser = fake.browser;
    const { api, send } = pushApi();
    renderApp('/micuenta', { api });
    const section = await screen.findByRole('region', { name: 'Borrar mi cuenta' });
    await userEvent.click(within(section).getByRole('button', { name: 'Borrar mi cuenta' }));
    await userEvent.type(within(section).getByLabelText('Tu contraseña'), 'la-buena-del-barco');
    await userEvent.click(within(section).getByRole('checkbox'));
    await userEvent.click(within(section).getByRole('button', { name: 'Borrar mi cuenta para siempre' }));
    expect(await screen.findByText('Tu cuenta se ha borrado.')).toBeInTheDocument();
    expect(fake.subscription()).toBeNull();
    expect(send).not.toHaveBeenCalledWith('delete', 'push/subscriptions', expect.anything());
  });

  it('keeps «Ahora no» to the offer on this device', async () => {
    localStorage.setItem(PUSH_OFFER_DECLINED, '1');
    renderApp('/mas', { api: pushApi().api });
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await screen.findByRole('heading', { level: 1, name: 'Entrar' });
    expect(localStorage.getItem(PUSH_OFFER_DECLINED)).toBe('1');
  });
});
