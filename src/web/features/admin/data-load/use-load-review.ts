import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DATA_LOAD_MESSAGES } from '../../../../shared/schemas/data-load';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import {
  downloadValidations,
  type RowsQuery,
  useCancelLoad,
  useConfirmLoad,
  useDataLoadInfo,
  useDataLoadRows,
  useUploadLoad,
} from './api';
import { fileProblem } from './file-check';

const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/**
 * The review's load and what the administrator does with it: cancel, confirm (each asked first),
 * the validations download and the corrections upload, each with its toast. Without a current load
 * it goes back to /admin/data-load; a confirm in flight stays until its answer says where to go.
 */
export function useLoadReview(organizationId: string) {
  const navigate = useNavigate();
  const info = useDataLoadInfo(organizationId);
  const cancel = useCancelLoad(organizationId);
  const confirm = useConfirmLoad(organizationId);
  const corrections = useUploadLoad(organizationId);
  const [asking, setAsking] = useState<'cancel' | 'confirm' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const current = info.data?.current ?? null;
  const hasErrors = (current?.summary?.errorsCount ?? 0) > 0;

  useEffect(() => {
    if (info.isSuccess && !current && !confirm.isPending) navigate('/admin/data-load', { replace: true });
  }, [info.isSuccess, current, confirm.isPending, navigate]);

  const stop = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setAsking(null);
        toast('info', DATA_LOAD_MESSAGES.cancelled);
        navigate('/admin/data-load');
      },
      onError: (error) => {
        setAsking(null);
        toast('danger', error.message);
      },
    });
  const accept = () =>
    confirm.mutate(hasErrors, {
      onSuccess: (response) => {
        setAsking(null);
        const { contracts, suppliers, administrativeUnits } = response.data.created;
        toast(
          'success',
          `Se cargaron ${contracts} contratos, ${suppliers} proveedores y ${administrativeUnits} unidades administrativas.`,
        );
        navigate('/admin/data-load');
      },
      onError: (error) => {
        setAsking(null);
        toast('danger', errorMessage(error, 'No fue posible confirmar la carga.'));
      },
    });
  const validations = async () => {
    setDownloading(true);
    try {
      await downloadValidations();
    } catch (error) {
      toast('danger', errorMessage(error, 'No fue posible descargar las validaciones.'));
    } finally {
      setDownloading(false);
    }
  };
  const upload = (file: File | null) => {
    const problem = fileProblem(file);
    if (problem || !file) {
      toast('danger', problem ?? DATA_LOAD_MESSAGES.noFile);
      return;
    }
    // Corrections are offered only while a load is under review.
    if (!current) return;
    corrections.mutate(
      { files: [file], idDataLoad: current._id },
      {
        onError: (error) =>
          toast('danger', errorMessage(error, 'Ocurrió un error inesperado al cargar el archivo')),
      },
    );
  };

  return {
    current,
    hasErrors,
    asking,
    setAsking,
    downloading,
    cancelling: cancel.isPending,
    confirming: confirm.isPending,
    uploading: corrections.isPending,
    stop,
    accept,
    validations,
    upload,
  };
}

/**
 * The rows' filters, search (debounced; a change goes back to page 1), page and whether they are
 * shown. The screen holds them, so they outlive the rows' card while a correction is read.
 */
export function useReviewRows(organizationId: string, ready: boolean) {
  const [details, setDetails] = useState(true);
  const [query, setQuery] = useState<RowsQuery>({
    page: 1,
    search: '',
    showNoIssues: true,
    showSkipped: true,
    showErrors: true,
  });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const rows = useDataLoadRows(organizationId, query, ready && details);

  useEffect(() => setQuery((previous) => ({ ...previous, search: debounced, page: 1 })), [debounced]);

  return {
    rows,
    query,
    search,
    setSearch,
    details,
    toggleDetails: () => setDetails((shown) => !shown),
    setFilter: (key: RowFilter, value: boolean) =>
      setQuery((previous) => ({ ...previous, [key]: value, page: 1 })),
    setPage: (page: number) => setQuery((previous) => ({ ...previous, page })),
  };
}

export type RowFilter = 'showNoIssues' | 'showSkipped' | 'showErrors';
export type ReviewRows = ReturnType<typeof useReviewRows>;
