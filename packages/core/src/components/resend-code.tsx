import { useEffect, useState } from 'react';
import { messageFor } from '../api/error-catalogue.ts';
import type { ResetCodeSent } from '../domain/accounts.ts';
import { Button } from './button.tsx';
import * as ui from './ui.css.ts';

function secondsUntil(iso: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

/**
 * "Send another code", available once the server allows it, with the wait said in words. `Sent` is what the
 * call answers: a `CodeSent`, or a `ResetCodeSent`, which does not say where the code went.
 */
export function ResendCode<Sent extends ResetCodeSent>({
  availableAt,
  resend,
  onSent,
}: {
  availableAt: string;
  resend: () => Promise<Sent>;
  onSent: (sent: Sent) => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const wait = secondsUntil(availableAt, now);

  useEffect(() => {
    if (wait === 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  async function onClick() {
    setBusy(true);
    setMessage(undefined);
    try {
      const sent = await resend();
      onSent(sent);
      setNow(Date.now());
      setMessage('Te hemos enviado un código nuevo. El anterior ya no sirve.');
    } catch (error) {
      setMessage(messageFor(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={ui.stack}>
      {/* Quiet: the form's button leads; asking again is the way out when no code came. */}
      <Button variant="quiet" fullWidth disabled={wait > 0 || busy} onClick={onClick}>
        {wait > 0 ? `Podrás pedir otro código en ${wait} s` : 'Enviar otro código'}
      </Button>
      <p role="status" className={ui.muted}>
        {message ?? ''}
      </p>
    </div>
  );
}
