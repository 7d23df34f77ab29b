import { useEffect, useState } from 'react';
import type { Card } from '../../domain/cards.ts';
import { cardQrValue, clockOffset, untilNextCode } from './card-state.ts';

/**
 * The QR's content, computed on the phone and renewed by itself at every step while shown, also offline
 * (decision 028: nothing but the secret and the clock are needed).
 */
export function useCardQr(card: Pick<Card, 'idTarjeta' | 'code' | 'serverTime'>, fetchedAt: number): string {
  const offset = clockOffset(card, fetchedAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      // A little past the step's turn, so the new code is the one computed.
      timer = setTimeout(
        () => {
          setNow(Date.now());
          schedule();
        },
        untilNextCode(card.code.period, Date.now(), offset) + 50,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [card.code.period, offset]);
  return cardQrValue(card, window.location.origin, now, offset);
}

/**
 * Keeps the screen on while the card shows, where the browser has the Screen Wake Lock API: the phone
 * must not go dark in the queue at the gate. The browser drops the lock when the page is hidden, so it is
 * asked again when the page shows again. Without the API, or if the browser says no (battery saver),
 * nothing is said: the card shows the same.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator) || !navigator.wakeLock) return;
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const acquire = async () => {
      if (ended || document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const granted = await navigator.wakeLock.request('screen');
        if (ended) void granted.release().catch(() => undefined);
        else lock = granted;
      } catch {
        // Refused (battery saver, not allowed here): the screen may dim as usual.
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', onVisibility);
      if (lock && !lock.released) void lock.release().catch(() => undefined);
    };
  }, [active]);
}
