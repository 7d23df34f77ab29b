import { useState, useSyncExternalStore } from 'react';

/**
 * Whether a finger (or a mouse button) is down on the page. A field checked on blur shows its error while the
 * person taps the next control: the error's line would push that control down between the press and the
 * release, and the tap would land beside it (a checkbox under a phone field moved 35 px). So what a field
 * says changes only once the tap is over: after the release and its click, not during them.
 */
let pressed = false;
const listeners = new Set<() => void>();

function setPressed(value: boolean) {
  if (pressed === value) return;
  pressed = value;
  for (const listener of listeners) listener();
}

const onDown = () => setPressed(true);
// After the click the release brings, which the browser dispatches in the same task.
const onUp = () => setTimeout(() => setPressed(false), 0);

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('pointerup', onUp, true);
    document.addEventListener('pointercancel', onUp, true);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    document.removeEventListener('pointerdown', onDown, true);
    document.removeEventListener('pointerup', onUp, true);
    document.removeEventListener('pointercancel', onUp, true);
  };
}

/** `value` as it was when no pointer was down: it changes only between taps, never during one. */
export function useSettledValue<T>(value: T): T {
  const down = useSyncExternalStore(
    subscribe,
    () => pressed,
    () => false,
  );
  const [settled, setSettled] = useState(value);
  if (!down && settled !== value) setSettled(value);
  return down ? settled : value;
}
