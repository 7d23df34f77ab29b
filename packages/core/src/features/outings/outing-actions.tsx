import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { messageFor } from '../../api/error-catalogue.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { bodyRule, written } from '../../components/form/body-rule.ts';
import { SelectField } from '../../components/form/choice-fields.tsx';
import * as ui from '../../components/ui.css.ts';
import { openingInstants } from '../../domain/launches.ts';
import type { Marina } from '../../domain/marina.ts';
import { localDateIn } from '../../domain/opening-hours.ts';
import { extendOutingSchema, type ExtendOutingInput, type Outing } from '../../domain/outings.ts';
import * as formCss from '../../components/form/form.css.ts';
import { useConfig, useServices } from '../../lib/services.tsx';
import { extendOuting, markReturn, outingChanged } from './api/outings.ts';
import { returnChoices, timeFrom } from './format.ts';
import * as css from './outings.css.ts';
import { outingTexts as t } from './texts.ts';

interface ExtendValues {
  expectedReturn: string;
}

/** The errors the server names by code, on the field they concern. */
const EXTEND_CODE_FIELDS = {
  extend_not_later: 'expectedReturn',
  return_in_past: 'expectedReturn',
  return_after_closing: 'expectedReturn',
  outing_too_long: 'expectedReturn',
} as const;

const toExtendBody = (values: Partial<ExtendValues> | undefined) => ({ expectedReturn: written(values?.expectedReturn) });

/**
 * The marina's phone, as a link to call it (from the help page's chunk, fetched once): when no later return is
 * left today, and on an overdue outing.
 */
export function CallTheMarina({ text, variant = 'secondary' }: { text?: string; variant?: 'primary' | 'secondary' }) {
  const { help } = useConfig();
  const { data } = useQuery({ queryKey: ['marina-help'], queryFn: help, staleTime: Infinity, gcTime: Infinity });
  const phone = data?.contact.phone;
  return (
    <div className={ui.stack}>
      {text ? <p>{text}</p> : null}
      {phone && (
        <ButtonLink to={`tel:${phone.replace(/\s+/g, '')}`} reloadDocument variant={variant} fullWidth>
          {t.call(phone)}
        </ButtonLink>
      )}
    </div>
  );
}

/** A change just made: said once (a status) and focused, since the button pressed may have gone with it. */
export function FocusedNotice({ text }: { text: string | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (text) ref.current?.focus();
  }, [text]);
  return text ? (
    <p ref={ref} tabIndex={-1} className={formCss.success} role="status">
      {text}
    </p>
  ) : null;
}


/**
 * «Ampliar hora de regreso», in place: a group named for the boat whose list of later returns takes focus;
 * «Cancelar» (or Escape) closes it and gives focus back to the button.
 */
function ExtendForm({ outing, marina, onDone, onClose }: { outing: Outing; marina: Marina; onDone: (notice: string) => void; onClose: () => void }) {
  const { api } = useServices();
  const client = useQueryClient();
  const [now] = useState(() => Date.now());
  const group = useRef<HTMLDivElement>(null);
  const titleId = `ampliar-${outing.id}`;
  const choices = useMemo(() => {
    const departure = Date.parse(outing.departure);
    const closing = openingInstants(marina, localDateIn(new Date(departure), marina.timeZone))?.end;
    return returnChoices({
      departure,
      now: Math.max(now, Date.parse(outing.expectedReturn)),
      timeZone: marina.timeZone,
      closesAt: closing ? closing.toISOString() : null,
      allowOvernight: marina.settings.allowOvernight,
    });
  }, [outing, marina, now]);
  useEffect(() => group.current?.querySelector<HTMLElement>('select, a')?.focus(), []);
  return (
    <div
      ref={group}
      role="group"
      aria-labelledby={titleId}
      className={css.extend}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <h4 id={titleId} className={css.extendTitle}>
        {t.extendTitle(outing.boatName)}
      </h4>
      {choices.length === 0 ? (
        <>
          <CallTheMarina text={t.noLaterReturn} />
          <Button variant="secondary" fullWidth onClick={onClose}>
            {t.extendKeep}
          </Button>
        </>
      ) : (
        <ApiForm<ExtendValues>
          initialValues={{ expectedReturn: '' }}
          validationSchema={bodyRule<ExtendValues>(extendOutingSchema, toExtendBody)}
          submitLabel={t.extendSend}
          codeFields={EXTEND_CODE_FIELDS}
          onSubmit={async (values) => {
            const body = extendOutingSchema.cast(toExtendBody(values)) as ExtendOutingInput;
            const changed = await extendOuting(api, outing.id, body);
            outingChanged(client, changed);
            onDone(t.extended(changed.boatName, timeFrom(changed.expectedReturn, changed.departure, marina.timeZone)));
          }}
          footer={
            <Button variant="secondary" fullWidth onClick={onClose}>
              {t.extendKeep}
            </Button>
          }
        >
          <SelectField name="expectedReturn" label={t.newReturn} hint={t.newReturnHint} placeholder={t.chooseReturn} choices={choices} />
        </ApiForm>
      )}
    </div>
  );
}

/**
 * What the person may do with an outing at sea, as the server says (`actions`): «He vuelto», large, which
 * marks the return at once (decision 031), and «Ampliar hora de regreso» (not on `inicio`: `extend` false).
 */
export function OutingActions({
  outing,
  marina,
  focusReturn,
  onNotice,
  extend = true,
}: {
  outing: Outing;
  marina: Marina;
  /** Opened from the overdue notice's link (`?volver=<id>`): «He vuelto» takes focus. */
  focusReturn: boolean;
  onNotice: (notice: string) => void;
  extend?: boolean;
}) {
  const { api } = useServices();
  const client = useQueryClient();
  const [extending, setExtending] = useState(false);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const returnButton = useRef<HTMLButtonElement>(null);
  const extendButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusReturn) returnButton.current?.focus();
  }, [focusReturn]);
  const back = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const changed = await markReturn(api, outing.id);
      onNotice(t.returnedDone(changed.boatName));
      outingChanged(client, changed);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };
  const named = (
    <>
      {' '}
      <span className={ui.visuallyHidden}>{outing.boatName}</span>
    </>
  );
  const extendable = extend && outing.actions.extend;
  if (!outing.actions.return && !extendable) return null;
  return (
    <div className={css.actions}>
      {error ? (
        <p className={ui.alert} role="alert">
          {messageFor(error)}
        </p>
      ) : null}
      {outing.actions.return ? (
        <Button ref={returnButton} fullWidth className={css.returnButton} disabled={busy} aria-busy={busy} onClick={() => void back()}>
          {busy ? 'Enviando…' : t.returned}
          {named}
        </Button>
      ) : null}
      {extendable && !extending ? (
        <Button ref={extendButton} variant="secondary" fullWidth onClick={() => setExtending(true)}>
          {t.extend}
          {named}
        </Button>
      ) : null}
      {extendable && extending ? (
        <ExtendForm
          outing={outing}
          marina={marina}
          onDone={(notice) => {
            setExtending(false);
            onNotice(notice);
          }}
          onClose={() => {
            setExtending(false);
            requestAnimationFrame(() => extendButton.current?.focus());
          }}
        />
      ) : null}
    </div>
  );
}
