import { useSyncExternalStore } from 'react';
import { isThemeName, type ThemeName } from '../../shared/constants/themes';

/**
 * The monitor a visitor chose, kept in the browser (spec session keys: currentOrganizationId,
 * currentOrganizationRound) together with its theme so the first paint already has its colours.
 */
export interface StoredOrganization {
  id: string;
  theme: ThemeName;
  round: boolean;
}

const KEY = 'vigia.currentOrganization';
type Listener = (value: StoredOrganization | null) => void;
const listeners = new Set<Listener>();
let current: StoredOrganization | null = read();

function read(): StoredOrganization | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<StoredOrganization> | null;
    if (parsed && typeof parsed.id === 'string' && parsed.id) {
      return {
        id: parsed.id,
        theme: isThemeName(parsed.theme) ? parsed.theme : 'default',
        round: Boolean(parsed.round),
      };
    }
  } catch {
    // Unreadable storage (private mode, corrupted value): behave as if nothing was chosen.
  }
  return null;
}

export function getCurrentOrganization(): StoredOrganization | null {
  return current;
}

export function getCurrentOrganizationId(): string | null {
  return current?.id ?? null;
}

export function setCurrentOrganization(value: StoredOrganization | null): void {
  current = value;
  try {
    if (value) localStorage.setItem(KEY, JSON.stringify(value));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or blocked: the choice still holds for this page view.
  }
  for (const listener of listeners) listener(value);
}

export function subscribeCurrentOrganization(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored choice, re-rendering when it changes (also from another tab). */
export function useStoredOrganization(): StoredOrganization | null {
  return useSyncExternalStore(subscribeCurrentOrganization, getCurrentOrganization);
}

/**
 * The current monitor's id ('' before one is chosen). Every query key of a monitor's data carries
 * it, so switching monitors (here or in another tab) never shows the previous monitor's data.
 */
export function useCurrentOrganizationId(): string {
  return useStoredOrganization()?.id ?? '';
}

// Another tab chose another monitor: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY) {
      current = read();
      for (const listener of listeners) listener(current);
    }
  });
}
