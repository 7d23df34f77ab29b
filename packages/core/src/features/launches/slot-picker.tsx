import { useField } from 'formik';
import { ChoiceFieldset } from '../../components/form/choice-fields.tsx';
import { shownError, useFieldIds } from '../../components/form/fields.tsx';
import * as ui from '../../components/ui.css.ts';
import type { LaunchSlot } from '../../domain/launches.ts';
import { nearlyFull, timeOf } from './format.ts';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/** The chip's short line: places left, few left, or the waiting list (or, when it cannot be joined, full). */
function chipState(slot: LaunchSlot, allowFull: boolean): string {
  if (slot.state === 'full') return allowFull ? t.chipWaitlist : t.chipFull;
  return nearlyFull(slot) ? t.chipFew(slot.free) : t.chipFree(slot.free);
}

/** The slots a chip is shown for: those still to come and open; the launch's own (`current`) too. */
export const shownSlots = (slots: readonly LaunchSlot[], isCurrent: (slot: LaunchSlot) => boolean) =>
  slots.filter((slot) => slot.state === 'free' || slot.state === 'full' || isCurrent(slot));

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
          const id = `${ids.input}-${index}`;
          const own = isCurrent(slot);
          const choosable = !own && (slot.state === 'free' || (slot.state === 'full' && allowFull));
          const from = timeOf(slot.start, timeZone);
          const to = timeOf(slot.end, timeZone);
          return (
            <div
              key={slot.start}
              className={css.timeChip}
              data-state={own ? 'current' : nearlyFull(slot) ? 'nearly-full' : slot.state}
            >
              <input
                type="radio"
                id={id}
                name={name}
                value={slot.start}
                checked={field.value === slot.start}
                disabled={!choosable}
                onChange={() => void helpers.setValue(slot.start)}
                onBlur={field.onBlur}
                className={css.chipInput}
                // Only where focus can go: after a refused send, focus moves to the first invalid control.
                aria-invalid={error && choosable ? true : undefined}
              />
              <label htmlFor={id} className={css.timeLabel}>
                <span className={css.timeText}>{from}</span> <span className={ui.visuallyHidden}>{`a ${to},`}</span>{' '}
                <span className={css.timeState}>{own ? t.current : chipState(slot, allowFull)}</span>
              </label>
            </div>
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
