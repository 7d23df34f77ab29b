import { useQuery } from '@tanstack/react-query';
import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { SelectField } from '../../components/form/choice-fields.tsx';
import * as formCss from '../../components/form/form.css.ts';
import { LoadError, Loading, loadState } from '../../components/query-status.tsx';
import type { LaunchSlot, LaunchSlotDay } from '../../domain/launches.ts';
import { useServices } from '../../lib/services.tsx';
import { slotsQuery } from './api/launches.ts';
import { bookableDays, calendarDayText, isDay, timeOf } from './format.ts';
import { SlotPicker } from './slot-picker.tsx';
import { launchTexts as t } from './texts.ts';

/** What the slot part of a form holds; `expectedReturn` is an option's ISO instant, '' when none is chosen. */
export interface SlotValues {
  date: string;
  slotStart: string;
  expectedReturn: string;
  waitlist: boolean;
}

/** The chosen slot, among the day's as last loaded. */
/** The server's refusals of a slot or a return, by code, on the field they concern. */
export const SLOT_CODE_FIELDS = {
  slot_full: 'slotStart',
  slot_closed: 'slotStart',
  slot_too_soon: 'slotStart',
  slot_too_far: 'slotStart',
  slot_invalid: 'slotStart',
  return_after_closing: 'expectedReturn',
} as const;

export const chosenSlot = (slots: readonly LaunchSlot[], start: string | undefined) =>
  slots.find((slot) => slot.start === start);

/** Return times: every slot end after the chosen start, up to closing (the same day, by construction). */
function returnChoices(slots: readonly LaunchSlot[], slotStart: string, timeZone: string) {
  const start = Date.parse(slotStart);
  return slots
    .filter((slot) => Date.parse(slot.end) > start)
    .map((slot) => ({ value: slot.end, label: timeOf(slot.end, timeZone) }));
}

/** Clears the slot and the return when the boat or the day changes: another day's slot is not this one's. */
function ClearOnChange({ boatId }: { boatId: string }) {
  const { values, setValues } = useFormikContext<SlotValues>();
  const last = useRef({ boatId, date: values.date });
  useEffect(() => {
    if (last.current.boatId === boatId && last.current.date === values.date) return;
    last.current = { boatId, date: values.date };
    void setValues({ ...values, slotStart: '', expectedReturn: '', waitlist: false }, false);
  }, [boatId, values, setValues]);
  return null;
}

/**
 * Day, slot grid and return time, for a boat: the day from today to `maxAdvanceDays` in the marina's
 * calendar; the grid from `GET /launch-slots` for that boat and day.
 */
export function SlotFields({
  boatId,
  today,
  maxAdvanceDays,
  timeZone,
  allowFull,
  current,
  returnPlaceholder,
  onDay,
}: {
  boatId: string;
  today: string;
  maxAdvanceDays: number;
  timeZone: string;
  allowFull: boolean;
  current?: string;
  returnPlaceholder: string;
  /** The day's answer as last loaded: the form's rule reads its slots (a full one needs the waiting list), the screen its eligibility. */
  onDay?: (day: LaunchSlotDay | undefined) => void;
}) {
  const { api } = useServices();
  const { values } = useFormikContext<SlotValues>();
  const ready = boatId !== '' && isDay(values.date);
  const query = useQuery({ ...slotsQuery(api, boatId, values.date), enabled: ready });
  const day = ready ? query.data : undefined;
  useEffect(() => onDay?.(day), [day, onDay]);
  const chosen = chosenSlot(day?.slots ?? [], values.slotStart);
  const days = bookableDays(today, maxAdvanceDays);
  const dayLabel = (date: string, index: number) => {
    const words = calendarDayText(date, today);
    return index === 0 ? t.today(words) : index === 1 ? t.tomorrow(words) : words;
  };
  return (
    <>
      <ClearOnChange boatId={boatId} />
      <SelectField
        name="date"
        label={t.day}
        hint={t.dayHint(maxAdvanceDays)}
        placeholder={t.chooseDay}
        choices={days.map((date, index) => ({ value: date, label: dayLabel(date, index) }))}
      />
      {!ready ? <p className={formCss.hint}>{t.chooseBoatFirst}</p> : null}
      {ready && loadState({ ...query, data: day }) === 'loading' ? <Loading label={t.slotsLoading} /> : null}
      {ready && loadState({ ...query, data: day }) === 'error' ? (
        <LoadError error={query.error} retry={() => void query.refetch()} />
      ) : null}
      {day && day.slots.length === 0 ? <p>{t.closedDay}</p> : null}
      {day && day.slots.length > 0 ? (
        <SlotPicker name="slotStart" slots={day.slots} timeZone={timeZone} allowFull={allowFull} current={current} />
      ) : null}
      {allowFull && chosen?.state === 'full' ? (
        <div className={formCss.field}>
          <p className={formCss.hint}>{t.waitlistHint}</p>
          <CheckboxField name="waitlist">{t.joinWaitlist}</CheckboxField>
        </div>
      ) : null}
      <SelectField
        name="expectedReturn"
        label={t.returnTime}
        hint={t.returnHint}
        placeholder={values.slotStart ? returnPlaceholder : t.chooseSlotFirst}
        choices={values.slotStart && day ? returnChoices(day.slots, values.slotStart, timeZone) : []}
      />
    </>
  );
}
