/**
 * TanStack Query's keepPreviousData, but within one monitor only: a new page, search or filter
 * keeps showing the rows it replaces while it loads, whereas after a switch of monitor the screen
 * shows its loading state instead of the previous monitor's data (decision 0029).
 */
export function keepPreviousOfMonitor(organizationId: string) {
  return <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }): T | undefined =>
    previousQuery?.queryKey.includes(organizationId) ? previous : undefined;
}
