import { useSyncExternalStore } from 'react';
import { Button } from '../components/button.tsx';
import * as ui from '../components/ui.css.ts';

type Apply = () => void;

let pending: Apply | null = null;
const listeners = new Set<() => void>();

/** Called by the service worker registration when a new version is waiting. */
export function offerUpdate(apply: Apply): void {
  pending = apply;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function UpdatePrompt() {
  const apply = useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
  if (!apply) return null;
  return (
    <div className={ui.banner} role="status">
      <span>Hay una nueva versión de la aplicación.</span>
      <Button variant="secondary" onClick={apply}>
        Actualizar ahora
      </Button>
    </div>
  );
}
