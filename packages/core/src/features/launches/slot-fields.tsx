import { useQuery } from '@tanstack/react-query';
import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import * as formCss from '../../components/form/form.css.ts';
import { StepperField } from '../../components/form/stepper-field.tsx';
import { LoadError, Loading, loadState } from '../../components/query-status.tsx';
import type { LaunchSlot, LaunchSlotDay } from '../../domain/launches.ts';
import { localDateIn } from '../../domain/opening-hours.ts';
import { useServices } from '../../lib/services.tsx';
import { slotsQuery } from './api/launches.ts';
import { DayStrip } from './day-strip.tsx';
import { isDay, timeOf } from './format.ts';
import { SlotPicker } from './slot-picker.tsx';
import { launchTexts as t } from './texts.ts';

/** What the slot part of a form holds; `slotStart` and `expectedReturn` are ISO instants, '' when not chosen. */
export interface SlotValues {
  date: string;
  slotStart: string;
  expectedReturn: string;
}

/** The server's refusals of a slot or a return, by code, on the field they concern. */
export const SLOT_CODE_FIELDS = {
  slot_full: 'slotStart',
  slot_closed: 'slotStart',
  slot_too_soon: 'slotStart',
  slot_too_far: 'slotStart',
  slot_invalid: 'slotStart',
  return_after_closing: 'expectedReturn',
} as const;

/** The chosen slot, among the day's as last loaded. */
export const chosenSlot = (slots: readonly LaunchSlot[], start: string | undefined) =>
  slots.find((slot) => slot.start === start);

/** Return instants: every slot end after the chosen start, up to closing (the same day, by construction). */
function returnEnds(slots: readonly LaunchSlot[], slotStart: string): string[] {
  const start = Date.parse(slotStart);
  return slots.filter((slot) => Date.parse(slot.end) > start).map((slot) => slot.end);
}

/** The return first offered: `length` after the start, or the nearest before it, within the day. */
function defaultReturn(ends: readonly string[], slotStart: string, length: number): string {
  const target = Date.parse(slotStart) + length;
  let best = ends[0] ?? '';
  for (const end of ends) if (Date.parse(end) <= target) best = end;
  return best;
}

/** Clears the slot and the return when the boat or the day changes: another day's slot is not this one's. */
function ClearOnChange({ boatId }: { boatId: string }) {
  const { values, setValues } = useFormikContext<SlotValues>();
  const last = useRef({ boatId, date: values.date });
  useEffect(() => {
    if (last.current.boatId === boatId && last.current.date === values.date) return;
    last.current = { boatId, date: values.date };
    void setValues({ ...values, slotStart: '', expectedReturn: '' }, false);
  }, [boatId, values, setValues]);
  return null;
}

/** Offers a return as soon as a slot is chosen, and a new one when the slot moves past it. */
function ReturnFollowsSlot({ slots, returnLength }: { slots: readonly LaunchSlot[]; returnLength: number }) {
  const { values, setFieldValue } = useFormikContext<SlotValues>();
  const { slotStart, expectedReturn } = values;
  useEffect(() => {
    if (!slotStart || slots.length === 0) return;
    const ends = returnEnds(slots, slotStart);
    if (ends.includes(expectedReturn)) return;
    void setFieldValue('expectedReturn', defaultReturn(ends, slotStart, returnLength), false);
  }, [slotStart, expectedReturn, slots, returnLength, setFieldValue]);
  return null;
}

/**
 * Day, slot and return, for a boat: the day from a strip of today to `maxAdvanceDays` ahead with each day's
 * availability (`GET /launch-days`); the slot from the chosen day's chips (`GET /launch-slots`); the return
 * with a stepper bounded by the day's closing, offered `returnLength` after the slot. `current`, the slot of the
 * launch being moved.
 */
export function SlotFields({
  boatId,
  today,
  maxAdvanceDays,
  timeZone,
  allowFull,
  current,
  returnLength,
  onDay,
}: {
  boatId: string;
  today: string;
  maxAdvanceDays: number;
  timeZone: string;
  allowFull: boolean;
  current?: string;
  /** Milliseconds from the slot's start to the return first offered. */
  returnLength: number;
  /** The day's answer as last loaded: the screen reads its slots (a full one is the waiting list) and its eligibility. */
  onDay?: (day: LaunchSlotDay | undefined) => void;
}) {
  const { api } = useServices();
  const { values } = useFormikContext<SlotValues>();
  const ready = boatId !== '' && isDay(values.date);
  const query = useQuery({ ...slotsQuery(api, boatId, values.date), enabled: ready });
  const day = ready ? query.data : undefined;
  useEffect(() => onDay?.(day), [day, onDay]);
  const slots = day?.slots ?? [];
  if (boatId === '') return <p className={formCss.hint}>{t.chooseBoatFirst}</p>;
  const state = loadState({ ...query, data: day });
  return (
    <>
      <ClearOnChange boatId={boatId} />
      <ReturnFollowsSlot slots={slots} returnLength={returnLength} />
      <DayStrip
        name="date"
        boatId={boatId}
        today={today}
        maxAdvanceDays={maxAdvanceDays}
        current={current ? localDateIn(new Date(current), timeZone) : undefined}
      />
      {ready && state === 'loading' ? <Loading label={t.slotsLoading} cards={1} /> : null}
      {ready && state === 'error' ? <LoadError error={query.error} retry={() => void query.refetch()} /> : null}
      {day && day.slots.length === 0 ? <p>{t.closedDay}</p> : null}
      {day && day.slots.length > 0 ? (
        <SlotPicker name="slotStart" slots={day.slots} timeZone={timeZone} allowFull={allowFull} current={current} />
      ) : null}
      <StepperField
        name="expectedReturn"
        label={t.returnTime}
        hint={t.returnHint}
        empty={t.chooseSlotFirst}
        lessLabel={t.returnEarlier}
        moreLabel={t.returnLater}
        choices={
          values.slotStart && day
            ? returnEnds(day.slots, values.slotStart).map((end) => ({ value: end, label: timeOf(end, timeZone) }))
            : []
        }
      />
    </>
  );
}
