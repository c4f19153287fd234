import { useSyncExternalStore } from 'react';

/** Set when the server answers SERVICIO EN MANTENIMIENTO; the root layout then shows that page. */
let maintenance = false;
const listeners = new Set<() => void>();

export function setMaintenance(value: boolean): void {
  if (maintenance === value) return;
  maintenance = value;
  for (const listener of listeners) listener();
}

export function useMaintenance(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => maintenance,
  );
}
