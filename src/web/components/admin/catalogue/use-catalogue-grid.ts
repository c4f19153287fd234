import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../../../shared/constants/limits';
import { toast } from '../../../lib/notifications';
import type { CatalogueColumn } from './columns';
import { loadGridPreferences, saveGridPreferences } from './grid-preferences';
import type { CatalogueSort } from './types';

/**
 * What the user chose to see of one catalogue: the search (sent 1000 ms after typing stops), the
 * page, the page size and shown columns (remembered per catalogue in this browser once changed),
 * and the sort. Changing the search, the sort or the page size goes back to page 1.
 */
export function useCatalogueGrid(path: string, allColumns: CatalogueColumn[]) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 1000);
  const [page, setPage] = useState(1);
  // The columns and page size the user chose last time on this catalogue (this browser).
  const [initial] = useState(() => loadGridPreferences(path, allColumns));
  const [limit, setLimit] = useState<number>(initial.limit);
  const [sort, setSort] = useState<CatalogueSort>({ order: 'desc' });
  const [hidden, setHidden] = useState<Set<string>>(initial.hidden);

  // Stored once the user changes something: untouched grids follow the catalogue's definition.
  const chosen = useRef(false);
  useEffect(() => {
    if (chosen.current) saveGridPreferences(path, allColumns, { hidden, limit });
  }, [path, allColumns, hidden, limit]);

  return {
    search,
    /** The search as sent to the server. */
    debounced,
    page,
    limit,
    sort,
    hidden,
    columns: allColumns.filter((column) => !hidden.has(column.field)),
    setPage,
    changeSearch(value: string) {
      setSearch(value);
      setPage(1);
    },
    changeLimit(value: string | null) {
      chosen.current = true;
      setLimit(Number(value ?? LIMITS.cataloguePageSizes[0]));
      setPage(1);
    },
    sortBy(key: string) {
      setSort((current) => ({
        sort: key,
        order: current.sort === key && current.order === 'asc' ? 'desc' : 'asc',
      }));
      setPage(1);
    },
    /** Hides or shows a column; the last shown one stays. */
    toggleColumn(field: string) {
      chosen.current = true;
      setHidden((current) => {
        const next = new Set(current);
        if (next.has(field)) next.delete(field);
        else if (allColumns.length - next.size > 1) next.add(field);
        else toast('alert', 'Debe quedar al menos una columna visible.', { id: 'last-column' });
        return next;
      });
    },
  };
}

export type CatalogueGrid = ReturnType<typeof useCatalogueGrid>;
