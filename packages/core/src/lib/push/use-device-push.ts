import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { messageFor } from '../../api/error-catalogue.ts';
import { useServices } from '../services.tsx';
import { browserPush, type PushBrowser } from './browser-push.ts';
import {
  devicePushState,
  PushNotReadyError,
  refreshPushSubscription,
  turnPushOff,
  turnPushOn,
  type DevicePushState,
} from './device-push.ts';
import { pushTexts as t } from './push-texts.ts';

/** The browser's push, for this build (production only, like the service worker). */
export function usePushBrowser(): PushBrowser {
  const { config } = useServices();
  return useMemo(() => browserPush(config.production), [config.production]);
}

function why(error: unknown): string {
  if (error instanceof PushNotReadyError) return t.notReady;
  // A call to the API that failed says why (no connection…); the browser's own refusals are not worth their words.
  return error instanceof ApiError ? messageFor(error) : t.unknownFailure;
}

/**
 * This phone's push as a screen shows it: its state once read (undefined before), whether a change is under
 * way, the last failure in words, and a way to turn it on or off. Read on mount; when it is on, the
 * subscription is stored again, so the account signed in now is the one it belongs to.
 */
export function useDevicePush(onChanged?: () => void) {
  const { api } = useServices();
  const browser = usePushBrowser();
  const [state, setState] = useState<DevicePushState>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    devicePushState(browser).then(
      (read) => {
        if (!live) return;
        setState(read);
        if (read === 'on') void refreshPushSubscription(api, browser).catch(() => undefined);
      },
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [api, browser]);

  const turn = useCallback(
    async (on: boolean) => {
      if (busy) return;
      setBusy(true);
      setError(undefined);
      try {
        if (on) setState(await turnPushOn(api, browser));
        else {
          await turnPushOff(api, browser);
          setState('off');
        }
        onChanged?.();
      } catch (caught) {
        setError(on ? t.failedOn(why(caught)) : t.failedOff(why(caught)));
      } finally {
        setBusy(false);
      }
    },
    [api, browser, busy, onChanged],
  );

  return { state, busy, error, turn, browser };
}
