import { useState } from 'react';
import { Button } from './button.tsx';
import { Notice } from './notice.tsx';
import { Section } from './section.tsx';
import * as ui from './ui.css.ts';
import { PUSH_OFFER_DECLINED } from '../lib/first-start.ts';
import { useServices } from '../lib/services.tsx';
import { pushTexts as t } from '../lib/push/push-texts.ts';
import { useDevicePush } from '../lib/push/use-device-push.ts';

/**
 * After a booking, on the launch the person lands on (decision 058): the offer to be told on this phone when
 * the marina answers, with why. Only where push works, the browser has not been answered yet, and the person
 * has not said «Ahora no» on this device before (kept across sign-out: it says nothing about them).
 */
export function PushOffer() {
  const { storage } = useServices();
  const { state, busy, error, turn, browser } = useDevicePush();
  const [declined, setDeclined] = useState(() => storage.getItem(PUSH_OFFER_DECLINED) === '1');
  // Read once: once permission is asked, the card stays to say how it went.
  const [asking] = useState(() => browser.supported && browser.permission() === 'default');
  if (!asking || declined || state === undefined) return null;
  if (state === 'on') return <Notice text={t.offerOn} />;
  return (
    <Section id="avisos-oferta" title={t.offerTitle}>
      <div className={ui.stack}>
        <p>{t.offerWhy}</p>
        {state === 'blocked' ? <p className={ui.muted}>{t.blocked}</p> : null}
        {error ? (
          <p className={ui.alert} role="alert">
            {error}
          </p>
        ) : null}
        {state === 'off' ? (
          <>
            <Button fullWidth aria-busy={busy || undefined} onClick={() => void turn(true)}>
              {t.offerYes}
            </Button>
            <Button
              variant="secondary"
              fullWidth
              onClick={() => {
                storage.setItem(PUSH_OFFER_DECLINED, '1');
                setDeclined(true);
              }}
            >
              {t.offerNo}
            </Button>
          </>
        ) : null}
      </div>
    </Section>
  );
}
