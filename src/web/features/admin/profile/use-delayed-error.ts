import { useDebouncedValue } from '@mantine/hooks';

/** Shown one second after typing stops (spec), and at once when saving. */
export function useDelayedError(
  value: string,
  check: (value: string) => string | null,
  touched: boolean,
  now: boolean,
) {
  const [debounced] = useDebouncedValue(value, 1000);
  return touched ? check(now ? value : debounced) : null;
}

/** A required name: its message while empty. */
export function nameRule(message: string) {
  return (value: string) => (value.trim() ? null : message);
}
