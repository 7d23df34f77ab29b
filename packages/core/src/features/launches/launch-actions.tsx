import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { messageFor } from '../../api/error-catalogue.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import * as ui from '../../components/ui.css.ts';
import type { Launch } from '../../domain/launches.ts';
import { href } from '../../lib/paths.ts';
import { useConfig, useServices } from '../../lib/services.tsx';
import { cancelLaunch, downloadCalendar, launchChanged, readyToStow } from './api/launches.ts';
import { slotText } from './format.ts';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/**
 * A state the customer may move or cancel from. Such a launch the server no longer lets them cancel is past
 * its cut-off (`changeableUntil`): the screen never reads the phone's clock for it.
 */
export const changeableStatus = (launch: Launch) => ['pending', 'confirmed', 'waitlisted'].includes(launch.status);

/**
 * The cut-off has passed: the app says to call the marina, with its number as a link. The number comes with
 * the help page's chunk (`config.help()`, out of the first load: decision 017), fetched once and kept.
 */
export function CallTheMarina({ cutoffMinutes }: { cutoffMinutes: number }) {
  const { help } = useConfig();
  const { data } = useQuery({ queryKey: ['marina-help'], queryFn: help, staleTime: Infinity, gcTime: Infinity });
  const phone = data?.contact.phone;
  return (
    <div className={ui.stack}>
      <p>{t.tooLate(cutoffMinutes)}</p>
      {phone && (
        <ButtonLink to={`tel:${phone.replace(/\s+/g, '')}`} reloadDocument variant="secondary" fullWidth>
          {t.call(phone)}
        </ButtonLink>
      )}
    </div>
  );
}

/** Asks once more, naming the slot; the question takes focus, and "No" goes back to the button. */
function ConfirmCancel({ launch, timeZone, onDone, onKeep }: { launch: Launch; timeZone: string; onDone: (notice: string) => void; onKeep: () => void }) {
  const { api } = useServices();
  const client = useQueryClient();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const titleId = `cancelar-${launch.id}`;
  const cancel = async () => {
    setBusy(true);
    setError(undefined);
    try {
      launchChanged(client, await cancelLaunch(api, launch.id));
      onDone(t.cancelled);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };
  return (
    <div role="group" aria-labelledby={titleId} className={css.confirm}>
      <h3 id={titleId} ref={title} tabIndex={-1} className={css.confirmTitle}>
        {t.cancelQuestion}
      </h3>
      <p>{launch.bookedBy ? t.cancelOthersExplain(slotText(launch, timeZone), launch.bookedBy.name) : t.cancelExplain(slotText(launch, timeZone))}</p>
      {error ? (
        <p className={ui.alert} role="alert">
          {messageFor(error)}
        </p>
      ) : null}
      <Button variant="danger" fullWidth disabled={busy} aria-busy={busy} onClick={() => void cancel()}>
        {busy ? 'Enviando…' : t.cancelConfirm}
      </Button>
      <Button variant="secondary" fullWidth onClick={onKeep}>
        {t.cancelKeep}
      </Button>
    </div>
  );
}

/** Downloads the `.ics` through the API client (the call must name the marina, which a plain link cannot). */
async function saveCalendar(api: ReturnType<typeof useServices>['api'], launch: Launch) {
  const file = await downloadCalendar(api, launch.id);
  const url = URL.createObjectURL(new Blob([file], { type: 'text/calendar' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `bajada-${launch.slotStart.slice(0, 10)}.ics`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * What the customer may do with a launch now, as the server says (`actions`): move, cancel (asking first),
 * "listo para subir", add it to the calendar; past the cut-off, call the marina. On a launch someone the owner
 * authorised asked for, the server offers the owner only cancelling and the calendar, and the screen says why.
 */
export function LaunchActions({ launch, timeZone, cutoffMinutes, onNotice }: { launch: Launch; timeZone: string; cutoffMinutes: number; onNotice: (notice: string) => void }) {
  const { api } = useServices();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const { actions } = launch;
  const tooLate = changeableStatus(launch) && !actions.cancel;
  const named = (
    <>
      {' '}
      <span className={ui.visuallyHidden}>{launch.boatName}</span>
    </>
  );
  return (
    <div className={css.actions}>
      {launch.bookedBy && changeableStatus(launch) && actions.cancel ? <p className={ui.muted}>{t.bookedByHint(launch.bookedBy.name)}</p> : null}
      {error ? (
        <p className={ui.alert} role="alert">
          {messageFor(error)}
        </p>
      ) : null}
      {actions.readyToStow ? (
        <>
          <p className={ui.muted}>{t.readyToStowHint}</p>
          <Button
            fullWidth
            disabled={busy}
            aria-busy={busy}
            onClick={() =>
              void run(async () => {
                launchChanged(client, await readyToStow(api, launch.id));
                onNotice(t.readyDone);
              })
            }
          >
            {t.readyToStow}
            {named}
          </Button>
        </>
      ) : null}
      {actions.reschedule ? (
        <ButtonLink to={href.reprogramarBajada(launch.id)} variant="secondary" fullWidth>
          {t.move}
          {named}
        </ButtonLink>
      ) : null}
      {actions.calendar ? (
        <Button variant="secondary" fullWidth disabled={busy} onClick={() => void run(() => saveCalendar(api, launch))}>
          {t.calendar}
          {named}
        </Button>
      ) : null}
      {actions.cancel && !confirming ? (
        <Button ref={cancelButton} variant="secondary" fullWidth onClick={() => setConfirming(true)}>
          {t.cancel}
          {named}
        </Button>
      ) : null}
      {actions.cancel && confirming ? (
        <ConfirmCancel
          launch={launch}
          timeZone={timeZone}
          onDone={(notice) => {
            setConfirming(false);
            onNotice(notice);
          }}
          onKeep={() => {
            setConfirming(false);
            requestAnimationFrame(() => cancelButton.current?.focus());
          }}
        />
      ) : null}
      {tooLate ? <CallTheMarina cutoffMinutes={cutoffMinutes} /> : null}
    </div>
  );
}
