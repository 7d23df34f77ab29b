import { useField } from 'formik';
import { ChoiceFieldset } from '../../components/form/choice-fields.tsx';
import { shownError, useFieldIds } from '../../components/form/fields.tsx';
import * as ui from '../../components/ui.css.ts';
import { isBookableSlot, type LaunchSlot } from '../../domain/launches.ts';
import { nearlyFull, timeOf } from './format.ts';
import { ChipRadio } from './chip-radio.tsx';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/** The chip's short line: places left, few left, or the waiting list (or, when it cannot be joined, full). */
function chipState(slot: LaunchSlot, allowFull: boolean): string {
  if (slot.state === 'full') return allowFull ? t.chipWaitlist : t.chipFull;
  return nearlyFull(slot) ? t.chipFew(slot.free) : t.chipFree(slot.free);
}

/** The slots a chip is shown for: those still to come and open; the launch's own (`current`) too. */
export const shownSlots = (slots: readonly LaunchSlot[], isCurrent: (slot: LaunchSlot) => boolean) =>
  slots.filter((slot) => isBookableSlot(slot) || isCurrent(slot));

/**
 * The day's 30-minute slots still to come, as chips in one radio group (the arrow keys move between those that
 * can be chosen): each its time in the marina's zone and, in words, its places. Slots gone by, or closed, are
 * not shown (a closure's reason is said once, under the chips). A full slot's chip offers its waiting list
 * (`allowFull`): choosing it is joining the list. The launch's own slot (`current`) shows as «Turno actual».
 */
export function SlotPicker({
  name,
  slots,
  timeZone,
  allowFull,
  current,
}: {
  name: string;
  slots: readonly LaunchSlot[];
  timeZone: string;
  allowFull: boolean;
  current?: string;
}) {
  const [field, meta, helpers] = useField<string>(name);
  const ids = useFieldIds(name);
  const error = shownError(meta);
  const isCurrent = (slot: LaunchSlot) => current !== undefined && Date.parse(slot.start) === Date.parse(current);
  const shown = shownSlots(slots, isCurrent);
  const reasons = [
    ...new Set(slots.flatMap((slot) => (slot.state === 'closed' && slot.closedReason ? [slot.closedReason] : []))),
  ];
  return (
    <ChoiceFieldset ids={ids} legend={t.slots} hint={t.slotsHint(timeZone)} error={error}>
      {shown.length === 0 ? <p>{t.noSlotsLeft}</p> : null}
      <div className={css.times}>
        {shown.map((slot, index) => {
          const own = isCurrent(slot);
          const choosable = !own && (slot.state === 'free' || (slot.state === 'full' && allowFull));
          const from = timeOf(slot.start, timeZone);
          const to = timeOf(slot.end, timeZone);
          return (
            <ChipRadio
              key={slot.start}
              id={`${ids.input}-${index}`}
              name={name}
              value={slot.start}
              checked={field.value === slot.start}
              disabled={!choosable}
              invalid={Boolean(error)}
              onChoose={() => void helpers.setValue(slot.start)}
              onBlur={field.onBlur}
              chipClassName={css.timeChip}
              labelClassName={css.timeLabel}
              state={own ? 'current' : nearlyFull(slot) ? 'nearly-full' : slot.state}
            >
              <span className={css.chipFigure}>{from}</span> <span className={ui.visuallyHidden}>{`a ${to},`}</span>{' '}
              <span className={css.timeState}>{own ? t.current : chipState(slot, allowFull)}</span>
            </ChipRadio>
          );
        })}
      </div>
      {reasons.map((reason) => (
        <p key={reason} className={css.stripNotes}>
          {t.someSlotsClosed(reason)}
        </p>
      ))}
    </ChoiceFieldset>
  );
}
