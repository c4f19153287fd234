import { z } from 'zod';
import { LIMITS } from '../../../../shared/constants/limits';
import { CataloguePageSizeSchema } from '../../../../shared/schemas/common';

/** The shown columns and page size of one catalogue grid, as the user left them. */
export interface GridPreferences {
  /** Fields of the columns the user hid. */
  hidden: Set<string>;
  limit: number;
}

/**
 * What is stored: each column the user saw as shown (true) or hidden (false), so a column added to
 * the catalogue later starts as its definition says, and the page size.
 */
const StoredSchema = z.object({
  columns: z.record(z.string(), z.boolean()).catch({}),
  limit: CataloguePageSizeSchema.optional().catch(undefined),
});

const storageKey = (catalogue: string) => `vigia.catalogue.${catalogue}`;

/** The grid as a catalogue's definition starts it. */
export function defaultGridPreferences(
  columns: readonly { field: string; visible?: boolean }[],
): GridPreferences {
  return {
    hidden: new Set(columns.filter((column) => column.visible === false).map((column) => column.field)),
    limit: LIMITS.cataloguePageSizes[0],
  };
}

/**
 * Reads stored preferences against the catalogue's columns. Anything the screen cannot show is
 * dropped: unknown columns are ignored, a grid with every column hidden falls back to the
 * definition's columns, and a page size other than 10/25/50/100 to the first of them.
 */
export function parseGridPreferences(
  raw: string | null,
  columns: readonly { field: string; visible?: boolean }[],
): GridPreferences {
  const defaults = defaultGridPreferences(columns);
  let stored: z.infer<typeof StoredSchema>;
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(raw ?? 'null'));
    if (!parsed.success) return defaults;
    stored = parsed.data;
  } catch {
    return defaults;
  }
  const hidden = new Set(
    columns
      .filter((column) => {
        const shown = Object.hasOwn(stored.columns, column.field) ? stored.columns[column.field] : undefined;
        return shown === undefined ? column.visible === false : !shown;
      })
      .map((column) => column.field),
  );
  return {
    hidden: hidden.size < columns.length ? hidden : defaults.hidden,
    limit: stored.limit ?? defaults.limit,
  };
}

/** The preferences as stored: every column of the catalogue with whether it is shown. */
export function serializeGridPreferences(
  preferences: GridPreferences,
  columns: readonly { field: string }[],
): string {
  return JSON.stringify({
    columns: Object.fromEntries(
      columns.map((column) => [column.field, !preferences.hidden.has(column.field)]),
    ),
    limit: preferences.limit,
  });
}

/** The grid of one catalogue as the user left it in this browser (defaults without storage). */
export function loadGridPreferences(
  catalogue: string,
  columns: readonly { field: string; visible?: boolean }[],
): GridPreferences {
  try {
    return parseGridPreferences(localStorage.getItem(storageKey(catalogue)), columns);
  } catch {
    return defaultGridPreferences(columns);
  }
}

/** Remembers the grid of one catalogue; a browser that refuses storage keeps it for this visit only. */
export function saveGridPreferences(
  catalogue: string,
  columns: readonly { field: string }[],
  preferences: GridPreferences,
): void {
  try {
    localStorage.setItem(storageKey(catalogue), serializeGridPreferences(preferences, columns));
  } catch {
    // Private modes and full storage: nothing to do.
  }
}
