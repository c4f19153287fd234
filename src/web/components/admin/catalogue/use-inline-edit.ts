import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import { useSaveEntries } from './api';
import type { CatalogueColumn } from './columns';
import { fieldErrors } from './entry-modal';
import type { CatalogueConfig, Draft, Row } from './types';

/**
 * The inline edit mode: each changed row's draft, checked with the save schema as it is typed;
 * saving asks first and sends every changed row or none; the server's field errors ('docs.1.name')
 * mark their cells.
 */
export function useInlineEdit<Doc extends Row>(config: CatalogueConfig<Doc>, shown: CatalogueColumn[]) {
  const [inline, setInline] = useState(false);
  const [changes, setChanges] = useState<Record<string, Draft>>({});
  // Each changed row's invalid cells and their messages (the save schema's, or the server's).
  const [invalid, setInvalid] = useState<Record<string, Record<string, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const saveMany = useSaveEntries(config.path);

  /** The messages of marked cells the user can see and fix. */
  const editableErrors = () =>
    Object.entries(invalid).flatMap(([id, fields]) =>
      Object.entries(fields)
        .filter(([field]) => id in changes && shown.some((column) => column.inline && column.field === field))
        .map(([, message]) => message),
    );

  return {
    inline,
    changes,
    invalid,
    confirming,
    changed: Object.keys(changes).length,
    saving: saveMany.isPending,
    toggle() {
      setInline((current) => !current);
      setChanges({});
      setInvalid({});
    },
    changeCell(row: Doc, field: string, value: string) {
      const draft = { ...(changes[row._id] ?? config.toDraft(row)), _id: row._id, [field]: value };
      setChanges((current) => ({ ...current, [row._id]: draft }));
      const parsed = config.schema.safeParse(draft);
      setInvalid((current) => ({ ...current, [row._id]: parsed.success ? {} : fieldErrors(parsed.error) }));
    },
    askToSave() {
      const [first] = editableErrors();
      if (first)
        toast('danger', `Corrige los campos marcados antes de guardar. ${first}`, { id: 'inline-errors' });
      else setConfirming(true);
    },
    cancelSave() {
      setConfirming(false);
    },
    save() {
      const sent = Object.values(changes);
      saveMany.mutate(sent, {
        onSuccess: (response) => {
          toast('success', response.message);
          setConfirming(false);
          setInline(false);
          setChanges({});
        },
        onError: (error) => {
          setConfirming(false);
          // 'docs.1.fiscalYear' names a row (in the order sent) and, for a rule, its field.
          for (const item of error instanceof ApiError ? (error.errors ?? []) : []) {
            const [, index, field] = item.path.match(/docs\.(\d+)\.?(\w*)/) ?? [];
            const id = sent[Number(index)]?._id as string | undefined;
            if (id && field)
              setInvalid((current) => ({ ...current, [id]: { ...current[id], [field]: item.message } }));
          }
          toast('danger', error.message || 'No fue posible guardar los registros.');
        },
      });
    },
  };
}

export type InlineEdit<Doc extends Row> = ReturnType<typeof useInlineEdit<Doc>>;
