import { useQuery } from '@tanstack/react-query';
import { useField } from 'formik';
import { useEffect, useRef } from 'react';
import { ChoiceFieldset } from '../../components/form/choice-fields.tsx';
import { shownError, useFieldIds } from '../../components/form/fields.tsx';
import { LoadError } from '../../components/query-status.tsx';
import * as ui from '../../components/ui.css.ts';
import { addDays } from '../../domain/calendar.ts';
import { formatDay, formatDayParts } from '../../domain/format-dates.ts';
import { useServices } from '../../lib/services.tsx';
import { launchDaysQuery, type LaunchDay } from './api/launches.ts';
import { ChipRadio } from './chip-radio.tsx';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/** The longest range the API gives in one call. */
const MAX_RANGE_DAYS = 62;

/** A day that has a slot to ask for: one with places, or a full one whose waiting list is open. */
export const isBookableDay = (day: Pick<LaunchDay, 'bookable'>) => day.bookable > 0;

/** Closures named once under the strip: each reason with the days it closes. */
function closureNotes(days: readonly LaunchDay[], today: string): string[] {
  const byReason = new Map<string, string[]>();
  for (const day of days) {
    if (day.state !== 'closed' || !day.closedReason) continue;
    const list = byReason.get(day.closedReason) ?? [];
    list.push(formatDay(day.date, today));
    byReason.set(day.closedReason, list);
  }
  return [...byReason].map(([reason, dates]) => t.closedOn(dates, reason));
}

/**
 * The days a launch may be asked for, today to `maxAdvanceDays` ahead, as a strip of chips that scrolls
 * sideways: each day's availability at a glance (free, few places, full with its waiting list, closed), from
 * one call for the whole range. A closed day's reason is said once, under the strip. Days without a slot to
 * ask for cannot be chosen; the first day that has one is chosen for the person while they have not chosen.
 * `current`, the day of the launch being moved.
 */
export function DayStrip({
  name,
  boatId,
  today,
  maxAdvanceDays,
  current,
}: {
  name: string;
  boatId: string;
  today: string;
  maxAdvanceDays: number;
  current?: string;
}) {
  const { api } = useServices();
  const [field, meta, helpers] = useField<string>(name);
  const ids = useFieldIds(name);
  const error = shownError(meta);
  const to = addDays(today, Math.min(maxAdvanceDays, MAX_RANGE_DAYS - 1));
  const query = useQuery(launchDaysQuery(api, boatId, today, to));
  const days = query.data?.days;
  const chosen = days?.find((day) => day.date === field.value);
  const firstBookable = days?.find(isBookableDay)?.date;
  const strip = useRef<HTMLDivElement>(null);

  // The person has not chosen yet and the day given has nothing to ask for (today, late): the next that has.
  useEffect(() => {
    if (!meta.touched && chosen && !isBookableDay(chosen) && firstBookable) void helpers.setValue(firstBookable);
  }, [meta.touched, chosen, firstBookable, helpers]);

  // The chosen day in view (the launch being moved may be weeks ahead), without moving the page.
  useEffect(() => {
    const checked = strip.current?.querySelector<HTMLElement>('input:checked');
    const row = strip.current;
    if (!checked || !row) return;
    const chip = checked.parentElement!;
    if (chip.offsetLeft < row.scrollLeft || chip.offsetLeft + chip.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = chip.offsetLeft - row.offsetLeft;
  }, [days, field.value]);

  if (query.isError && !days) return <LoadError error={query.error} retry={() => void query.refetch()} />;
  const notes = days ? closureNotes(days, today) : [];
  return (
    <ChoiceFieldset ids={ids} legend={t.day} hint={t.dayHint(maxAdvanceDays)} error={error}>
      {days ? (
        <div ref={strip} className={css.strip}>
          {days.map((day, index) => {
            const parts = formatDayParts(day.date, today);
            const state = t.dayState[day.state];
            return (
              <ChipRadio
                key={day.date}
                id={`${ids.input}-${index}`}
                name={name}
                value={day.date}
                checked={field.value === day.date}
                disabled={!isBookableDay(day)}
                invalid={Boolean(error)}
                onChoose={() => {
                  void helpers.setValue(day.date);
                  void helpers.setTouched(true, false);
                }}
                onBlur={field.onBlur}
                chipClassName={css.dayChip}
                labelClassName={css.dayLabel}
                state={day.state}
              >
                <span className={ui.visuallyHidden}>
                  {t.dayName(formatDay(day.date, today), t.dayStateWords[day.state])}
                  {day.date === current ? `, ${t.current}` : ''}
                </span>
                <span aria-hidden="true" className={css.dayWeekday}>
                  {parts.weekday}
                </span>
                <span aria-hidden="true" className={css.chipFigure}>
                  {parts.day}
                </span>
                <span aria-hidden="true" className={css.dayState}>
                  {isBookableDay(day) ? <span className={css.dot} /> : null}
                  {day.date === current ? t.currentShort : state}
                </span>
              </ChipRadio>
            );
          })}
        </div>
      ) : (
        <div className={css.strip} role="status">
          <span className={ui.visuallyHidden}>{t.daysLoading}</span>
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className={`${css.dayChip} ${css.daySkeleton}`} aria-hidden="true" />
          ))}
        </div>
      )}
      {notes.map((note) => (
        <p key={note} className={css.stripNotes}>
          {note}
        </p>
      ))}
      {days && !firstBookable ? <p>{t.noBookableDay}</p> : null}
    </ChoiceFieldset>
  );
}
