import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionError, CallTheMarina, useAction, useInPlace } from '../../components/actions.tsx';
import { Button } from '../../components/button.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { bodyRule, written } from '../../components/form/body-rule.ts';
import { SelectField } from '../../components/form/choice-fields.tsx';
import * as panelCss from '../../components/panel.css.ts';
import * as ui from '../../components/ui.css.ts';
import { openingInstants } from '../../domain/launches.ts';
import type { Marina } from '../../domain/marina.ts';
import { localDateIn } from '../../domain/opening-hours.ts';
import { extendOutingSchema, type ExtendOutingInput, type Outing } from '../../domain/outings.ts';
import * as formCss from '../../components/form/form.css.ts';
import { useServices } from '../../lib/services.tsx';
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

const toExtendBody = (values: Partial<ExtendValues> | undefined) => ({
  expectedReturn: written(values?.expectedReturn),
});

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
function ExtendForm({
  outing,
  marina,
  onDone,
  onClose,
}: {
  outing: Outing;
  marina: Marina;
  onDone: (notice: string) => void;
  onClose: () => void;
}) {
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
      className={panelCss.panel.brand}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <h4 id={titleId} className={panelCss.panelTitle}>
        {t.extendTitle(outing.boatName)}
      </h4>
      {choices.length === 0 ? (
        <>
          <CallTheMarina>{t.noLaterReturn}</CallTheMarina>
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
          <SelectField
            name="expectedReturn"
            label={t.newReturn}
            hint={t.newReturnHint}
            placeholder={t.chooseReturn}
            choices={choices}
          />
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
  const extendButton = useRef<HTMLButtonElement>(null);
  const extending = useInPlace(extendButton);
  const { busy, error, run } = useAction();
  const returnButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusReturn) returnButton.current?.focus();
  }, [focusReturn]);
  const back = () =>
    run(async () => {
      const changed = await markReturn(api, outing.id);
      onNotice(t.returnedDone(changed.boatName));
      outingChanged(client, changed);
    });
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
      <ActionError error={error} />
      {outing.actions.return ? (
        <Button
          ref={returnButton}
          fullWidth
          className={css.returnButton}
          disabled={busy}
          aria-busy={busy}
          onClick={() => void back()}
        >
          {busy ? 'Enviando…' : t.returned}
          {named}
        </Button>
      ) : null}
      {extendable && !extending.open ? (
        <Button ref={extendButton} variant="secondary" fullWidth onClick={extending.show}>
          {t.extend}
          {named}
        </Button>
      ) : null}
      {extendable && extending.open ? (
        <ExtendForm
          outing={outing}
          marina={marina}
          onDone={(notice) => {
            extending.close();
            onNotice(notice);
          }}
          onClose={extending.back}
        />
      ) : null}
    </div>
  );
}
