import { Alert, Skeleton, Spoiler, Stack, Text, Title } from '@mantine/core';
import { DATA_LOAD_MESSAGES } from '../../../../shared/schemas/data-load';
import { LoadActions } from './load-actions';
import { CancelLoadDialog, ConfirmLoadDialog } from './load-dialogs';
import { LoadRows } from './load-rows';
import { LoadSummary } from './load-summary';
import { NotContractRows } from './not-contract-rows';
import { ReadingProgress } from './reading-progress';
import { useLoadReview, useReviewRows } from './use-load-review';

/**
 * /admin/data-load/current (admin spec, section 2 'Current load review'): the summary, the error
 * banner, the rows (filters, search, paging, marked cells), and cancel, validations download,
 * corrections upload and confirm. Without a current load it goes back to /admin/data-load.
 */
/** A message longer than this is folded (the review's first screen stays the summary and the actions). */
const LONG_MESSAGE = 240;

export function DataLoadReview({ organizationId }: { organizationId: string }) {
  const review = useLoadReview(organizationId);
  const { current, hasErrors, asking, setAsking } = review;
  const ready = current?.status === 'CURRENT';
  const rows = useReviewRows(organizationId, ready);

  if (!current)
    return (
      <Stack>
        <Title order={1} fz={28}>
          Revisión de la carga de datos
        </Title>
        <Skeleton height={200} />
      </Stack>
    );

  const summary = current.summary;
  // The spec's labels (its 'ERORRES' is a typo); both confirm buttons read the same.
  const confirmLabel = review.confirming
    ? 'Procesando...'
    : hasErrors
      ? 'IGNORAR ERRORES Y CONTINUAR'
      : 'CONFIRMAR REGISTROS';

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28}>
          Revisión de la carga de datos
        </Title>
        <Text c="dimmed">
          Archivo «{current.fileName}»{current.uploadedBy ? `, subido por ${current.uploadedBy}` : ''}
        </Text>
      </div>

      {current.status === 'UPLOADING' ? (
        <ReadingProgress
          current={current}
          cancelling={review.cancelling}
          onCancel={() => setAsking('cancel')}
        />
      ) : null}

      {summary ? <LoadSummary summary={summary} /> : null}

      {current.messages.map((message) => (
        <Alert key={message} color="blue" variant="light">
          {/* A long list (a format-28 sheet ignores dozens of columns) is folded to three lines. */}
          {message.length > LONG_MESSAGE ? (
            <Spoiler maxHeight={60} showLabel="Ver todo" hideLabel="Ver menos">
              {message}
            </Spoiler>
          ) : (
            message
          )}
        </Alert>
      ))}
      {ready && hasErrors ? (
        <Alert color="red" variant="light" data-testid="errors-banner">
          {DATA_LOAD_MESSAGES.errorsBanner}
        </Alert>
      ) : null}

      {ready ? (
        <LoadActions
          hasErrors={hasErrors}
          confirmLabel={confirmLabel}
          canConfirm={!review.confirming && (summary?.newContractsCount ?? 0) > 0}
          downloading={review.downloading}
          uploading={review.uploading}
          onCancel={() => setAsking('cancel')}
          onValidations={review.validations}
          onUpload={review.upload}
          onConfirm={() => setAsking('confirm')}
        />
      ) : null}

      {ready ? <LoadRows {...rows} /> : null}

      {ready ? (
        <NotContractRows organizationId={organizationId} count={summary?.notContractsCount ?? 0} />
      ) : null}

      <CancelLoadDialog
        opened={asking === 'cancel'}
        fileName={current.fileName}
        cancelling={review.cancelling}
        onClose={() => setAsking(null)}
        onCancel={review.stop}
      />
      <ConfirmLoadDialog
        opened={asking === 'confirm'}
        summary={summary}
        hasErrors={hasErrors}
        confirming={review.confirming}
        confirmLabel={confirmLabel}
        onClose={() => setAsking(null)}
        onConfirm={review.accept}
      />
    </Stack>
  );
}
