import type { FocusEventHandler, ReactNode } from 'react';
import * as css from './launches.css.ts';

/**
 * One chip of a radio group of chips (the strip's days, a day's slots): a real radio input laid transparent over
 * the whole chip, so the chip is the target, shows the focus, and the arrow keys move through the group (decision
 * 058). Marked invalid only where focus can go: after a refused send, focus moves to the first invalid control.
 */
export function ChipRadio({
  id,
  name,
  value,
  checked,
  disabled,
  invalid,
  onChoose,
  onBlur,
  chipClassName,
  labelClassName,
  state,
  children,
}: {
  id: string;
  name: string;
  value: string;
  checked: boolean;
  disabled: boolean;
  invalid: boolean;
  onChoose: () => void;
  onBlur: FocusEventHandler<HTMLInputElement>;
  chipClassName: string;
  labelClassName: string;
  /** What the chip's style reads (`data-state`): free, full, closed… */
  state: string;
  /** The label's content: the chip's words. */
  children: ReactNode;
}) {
  return (
    <div className={chipClassName} data-state={state}>
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        onBlur={onBlur}
        className={css.chipInput}
        aria-invalid={invalid && !disabled ? true : undefined}
      />
      <label htmlFor={id} className={labelClassName}>
        {children}
      </label>
    </div>
  );
}
