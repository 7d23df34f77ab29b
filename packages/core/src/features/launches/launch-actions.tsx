import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ActionError, CallTheMarina, ConfirmPanel, useAction, useInPlace } from '../../components/actions.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';
import * as ui from '../../components/ui.css.ts';
import type { Launch } from '../../domain/launches.ts';
import { href } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { cancelLaunch, downloadCalendar, launchChanged, readyToStow } from './api/launches.ts';
import { slotText } from './format.ts';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/**
 * A state the customer may move or cancel from. Such a launch the server no longer lets them cancel is past
 * its cut-off (`changeableUntil`): the screen never reads the phone's clock for it.
 */
export const changeableStatus = (launch: Launch) => ['pending', 'confirmed', 'waitlisted'].includes(launch.status);

/** Asks once more, naming the slot; the question takes focus, and "No" goes back to the button. */
function ConfirmCancel({
  launch,
  timeZone,
  onDone,
  onKeep,
}: {
  launch: Launch;
  timeZone: string;
  onDone: (notice: string) => void;
  onKeep: () => void;
}) {
  const { api } = useServices();
  const client = useQueryClient();
  return (
    <ConfirmPanel
      id={`cancelar-${launch.id}`}
      heading="h3"
      tone="danger"
      question={t.cancelQuestion}
      confirmLabel={t.cancelConfirm}
      keepLabel={t.cancelKeep}
      onConfirm={async () => {
        launchChanged(client, await cancelLaunch(api, launch.id));
        onDone(t.cancelled);
      }}
      onKeep={onKeep}
    >
      <p>
        {launch.bookedBy
          ? t.cancelOthersExplain(slotText(launch, timeZone), launch.bookedBy.name)
          : t.cancelExplain(slotText(launch, timeZone))}
      </p>
    </ConfirmPanel>
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

/** The launch in one sentence, to send to the crew: the phone's own sharing, else copied to be pasted. */
async function shareLaunch(launch: Launch, timeZone: string, marina: string): Promise<string | undefined> {
  const text = t.shareText(launch.boatName, slotText(launch, timeZone), marina);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ text });
    } catch (error) {
      // The person closed the phone's sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return undefined;
      throw error;
    }
    return undefined;
  }
  await navigator.clipboard.writeText(text);
  return t.copied;
}

const canShare = () =>
  typeof navigator !== 'undefined' && (typeof navigator.share === 'function' || navigator.clipboard !== undefined);

/**
 * «Listo para subir»: the boat is back at the dock and the crew may lift it to the rack. The launch's one
 * action where it shows in a list. Its own failures are said under it.
 */
export function ReadyToStow({ launch, onNotice }: { launch: Launch; onNotice: (notice: string) => void }) {
  const { api } = useServices();
  const client = useQueryClient();
  const { busy, error, run } = useAction();
  return (
    <>
      <ActionError error={error} />
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
        {t.readyToStow} <span className={ui.visuallyHidden}>{launch.boatName}</span>
      </Button>
    </>
  );
}

/**
 * What the customer may do with a launch now, as the server says (`actions`): move, cancel (asking first),
 * "listo para subir", add it to the calendar; past the cut-off, call the marina. On a launch someone the owner
 * authorised asked for, the server offers the owner only cancelling and the calendar, and the screen says why.
 */
export function LaunchActions({
  launch,
  timeZone,
  cutoffMinutes,
  onNotice,
}: {
  launch: Launch;
  timeZone: string;
  cutoffMinutes: number;
  onNotice: (notice: string) => void;
}) {
  const { api, config } = useServices();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirming = useInPlace(cancelButton);
  const { busy, error, run } = useAction();
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
      {launch.bookedBy && changeableStatus(launch) && actions.cancel ? (
        <p className={ui.muted}>{t.bookedByHint(launch.bookedBy.name)}</p>
      ) : null}
      <ActionError error={error} />
      {actions.readyToStow ? <ReadyToStow launch={launch} onNotice={onNotice} /> : null}
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
      {changeableStatus(launch) && canShare() ? (
        <Button
          variant="secondary"
          fullWidth
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const said = await shareLaunch(launch, timeZone, config.clientTitulo);
              if (said) onNotice(said);
            })
          }
        >
          {t.share}
          {named}
        </Button>
      ) : null}
      {actions.cancel && !confirming.open ? (
        <Button ref={cancelButton} variant="secondary" fullWidth onClick={confirming.show}>
          {t.cancel}
          {named}
        </Button>
      ) : null}
      {actions.cancel && confirming.open ? (
        <ConfirmCancel
          launch={launch}
          timeZone={timeZone}
          onDone={(notice) => {
            confirming.close();
            onNotice(notice);
          }}
          onKeep={confirming.back}
        />
      ) : null}
      {tooLate ? <CallTheMarina>{t.tooLate(cutoffMinutes)}</CallTheMarina> : null}
    </div>
  );
}
