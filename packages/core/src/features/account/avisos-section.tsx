import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { messageFor } from '../../api/error-catalogue.ts';
import { Button } from '../../components/button.tsx';
import * as choiceCss from '../../components/form/choice-fields.css.ts';
import * as formCss from '../../components/form/form.css.ts';
import { LoadStatus } from '../../components/query-status.tsx';
import { Section } from '../../components/section.tsx';
import * as ui from '../../components/ui.css.ts';
import { NOTICE_CHANNELS, type NoticeChannel, type NotificationPreferences } from '../../domain/push.ts';
import { useMarina } from '../../lib/marina.ts';
import { useServices } from '../../lib/services.tsx';
import { noticeKindLabels } from '../../messages/push-notices.ts';
import * as css from './account.css.ts';
import { notificationPreferences, saveNotificationPreference } from '../../lib/push/device-push.ts';
import { channelLabel, pushTexts as t } from '../../lib/push/push-texts.ts';
import { useDevicePush } from '../../lib/push/use-device-push.ts';

export const PREFERENCES_KEY = ['notification-preferences'] as const;

/** The switch for this phone: what the browser allows, said in words when it is not a choice. */
function DeviceSwitch() {
  const client = useQueryClient();
  // The count of devices under the choices follows the switch.
  const { state, busy, error, turn } = useDevicePush(
    () => void client.invalidateQueries({ queryKey: PREFERENCES_KEY }),
  );
  const id = useId();
  if (state === undefined) return null;
  if (state === 'unsupported') return <p className={ui.muted}>{t.unsupported}</p>;
  return (
    <div className={ui.stack}>
      {state === 'blocked' ? (
        <p className={ui.muted}>{t.blocked}</p>
      ) : (
        <div className={css.switchRow}>
          <input
            type="checkbox"
            role="switch"
            id={id}
            className={css.switchInput}
            checked={state === 'on'}
            aria-describedby={`${id}-state`}
            aria-busy={busy || undefined}
            onChange={(event) => void turn(event.target.checked)}
          />
          <span className={choiceCss.choiceText}>
            <label htmlFor={id} className={formCss.label}>
              {t.deviceSwitch}
            </label>
            <span id={`${id}-state`} className={choiceCss.choiceDescription} aria-live="polite">
              {busy ? t.working : state === 'on' ? t.on : t.off}
            </span>
          </span>
        </div>
      )}
      {error ? (
        <p className={ui.alert} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One kind's channel: a select saved on change; on a failure the choice stays, with the error and a retry. */
function KindChoice({ item, sendsSms }: { item: NotificationPreferences['items'][number]; sendsSms: boolean }) {
  const { api } = useServices();
  const client = useQueryClient();
  const id = useId();
  const label = noticeKindLabels[item.kind];
  // What the person chose and the server has not taken yet (on its way, or refused): shown over the stored
  // channel, which otherwise follows the query (a change made on another phone included).
  const [pending, setPending] = useState<NoticeChannel>();
  const chosen = pending ?? item.channel;
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const latest = useRef(0);

  const save = async (channel: NoticeChannel) => {
    const attempt = ++latest.current;
    setPending(channel);
    setSaving(true);
    setError(undefined);
    setSaved(false);
    try {
      const answer = await saveNotificationPreference(api, { kind: item.kind, channel });
      // A later choice is on its way: its answer, not this one, is what the screen keeps.
      if (attempt !== latest.current) return;
      client.setQueryData<NotificationPreferences>(PREFERENCES_KEY, answer);
      setPending(undefined);
      setSaved(true);
    } catch (caught) {
      if (attempt !== latest.current) return;
      setError(t.saveFailed(label, messageFor(caught)));
    } finally {
      if (attempt === latest.current) setSaving(false);
    }
  };

  if (item.locked) {
    return <p>{t.locked(label, channelLabel(item.channel, sendsSms))}</p>;
  }
  return (
    <div className={formCss.field}>
      <label htmlFor={id} className={formCss.label}>
        {label}
      </label>
      <select
        id={id}
        className={formCss.input}
        value={chosen}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : saved ? `${id}-saved` : undefined}
        aria-busy={saving || undefined}
        onChange={(event) => void save(event.target.value as NoticeChannel)}
      >
        {NOTICE_CHANNELS.map((channel) => (
          <option key={channel} value={channel}>
            {channelLabel(channel, sendsSms)}
          </option>
        ))}
      </select>
      {error ? (
        <div className={ui.stack}>
          <p id={`${id}-error`} className={ui.alert} role="alert">
            {error}
          </p>
          <Button variant="secondary" onClick={() => void save(chosen)} disabled={saving}>
            {t.retry}
          </Button>
        </div>
      ) : saved ? (
        <p id={`${id}-saved`} className={ui.visuallyHidden} role="status">
          {t.saved(label)}
        </p>
      ) : null}
    </div>
  );
}

function Channels() {
  const { api } = useServices();
  const marina = useMarina();
  const query = useQuery({ queryKey: PREFERENCES_KEY, queryFn: () => notificationPreferences(api) });
  const sendsSms = marina.data?.sendsSms ?? false;
  const ready = Boolean(query.data && marina.data);
  return (
    <fieldset className={choiceCss.fieldset}>
      <legend className={formCss.label}>{t.channelsTitle}</legend>
      <LoadStatus loads={[query, marina]} ready={ready} />
      {query.data && marina.data ? (
        <div className={ui.stack}>
          <p className={formCss.hint}>{t.channelsHint(sendsSms)}</p>
          {query.data.pushDevices > 0 ? <p className={formCss.hint}>{t.devices(query.data.pushDevices)}</p> : null}
          {query.data.items.map((item) => (
            <KindChoice key={item.kind} item={item} sendsSms={sendsSms} />
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

/** `micuenta`'s «Avisos»: this phone's switch, and how each kind of notice is sent. */
export function AvisosSection() {
  return (
    <Section id="cuenta-avisos" title={t.title} group="micuenta" icon="notifications">
      <div className={ui.stack}>
        <p>{t.lead}</p>
        <DeviceSwitch />
        <Channels />
      </div>
    </Section>
  );
}
