import { useField } from 'formik';
import * as choiceCss from '../../components/form/choice-fields.css.ts';
import { ChoiceFieldset } from '../../components/form/choice-fields.tsx';
import { shownError, useFieldIds } from '../../components/form/fields.tsx';
import * as ui from '../../components/ui.css.ts';
import type { LaunchSlot } from '../../domain/launches.ts';
import { nearlyFull, timeOf } from './format.ts';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/** The slot's state in words: never told by colour alone. */
export function slotStateText(slot: LaunchSlot): string {
  switch (slot.state) {
    case 'free':
      return nearlyFull(slot) ? t.slotNearlyFull(slot.free) : t.slotFree(slot.free);
    case 'full':
      return t.slotFull(slot.waiting);
    case 'closed':
      return slot.closedReason ? t.closedReason(slot.closedReason) : t.slotClosed;
    case 'past':
      return t.slotPast;
  }
}

/**
 * The day's 30-minute slots as one radio group (arrow keys move between the ones that can be chosen). Each
 * says its times in the marina's zone and its state in words. A full slot can be chosen only to join its
 * waiting list (`allowFull`); a closed or past one, or the launch's own (`current`), not at all.
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
  return (
    <ChoiceFieldset ids={ids} legend={t.slots} hint={t.slotsHint(timeZone)} error={error}>
      <div className={css.slots}>
        {slots.map((slot, index) => {
          const id = `${ids.input}-${index}`;
          const state = isCurrent(slot) ? t.current : slotStateText(slot);
          const choosable = !isCurrent(slot) && (slot.state === 'free' || (slot.state === 'full' && allowFull));
          const from = timeOf(slot.start, timeZone);
          const to = timeOf(slot.end, timeZone);
          return (
            <div key={slot.start} className={css.slot} data-state={nearlyFull(slot) ? 'nearly-full' : slot.state}>
              <input
                type="radio"
                id={id}
                name={name}
                value={slot.start}
                checked={field.value === slot.start}
                disabled={!choosable}
                onChange={() => void helpers.setValue(slot.start)}
                onBlur={field.onBlur}
                className={choiceCss.checkbox}
                // Only where focus can go: after a refused send, focus moves to the first invalid control.
                aria-invalid={error && choosable ? true : undefined}
              />
              <label htmlFor={id} className={css.slotLabel}>
                <span className={css.slotTime}>{from}</span> <span className={ui.visuallyHidden}>{`a ${to},`}</span>{' '}
                <span className={css.slotState}>{state}</span>
              </label>
            </div>
          );
        })}
      </div>
    </ChoiceFieldset>
  );
}
