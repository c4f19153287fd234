import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_REPORT_LIMITS, ERROR_REPORT_MESSAGES } from '../../../../shared/constants/error-reports';
import { ApiError } from '../../../lib/api-client';
import { sendErrorDescription, sendErrorReport } from '../api/error-reports';
import { closeErrorReport, useOpenErrorReport } from '../reporter';

type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'failed'; message: string };

/**
 * 'Parece ser que ocurrió algo inesperado': the team was already told; the visitor may describe
 * what happened ('Enviar' → 'Tu mensaje ha sido enviado'). Mounted once beside the router, so it
 * also shows over PARECE QUE ALGO SALIO MAL.
 */
export function UnexpectedErrorModal() {
  const open = useOpenErrorReport();
  const { t } = useTranslation();
  const [description, setDescription] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'editing' });

  useEffect(() => {
    if (open) {
      setDescription('');
      setStatus({ kind: 'editing' });
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!open) return;
    const text = description.trim();
    if (!text) {
      setStatus({ kind: 'failed', message: ERROR_REPORT_MESSAGES.descriptionRequired });
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      // The automatic report may have failed (server briefly away): send it again first.
      const reportId = (await open.reportId) ?? (await sendErrorReport(open.report));
      await sendErrorDescription(reportId, text);
      setStatus({ kind: 'sent' });
    } catch (error) {
      setStatus({
        kind: 'failed',
        message:
          error instanceof ApiError
            ? error.message
            : 'Ocurrió un error inesperado. Por favor intenta nuevamente.',
      });
    }
  };

  return (
    <Modal
      opened={open !== null}
      onClose={closeErrorReport}
      title={t(ERROR_REPORT_MESSAGES.title)}
      centered
      size="lg"
      zIndex={1100}
      styles={{ title: { fontWeight: 700 } }}
      data-testid="unexpected-error-modal"
    >
      {status.kind === 'sent' ? (
        <Stack gap="md">
          <Alert color="green" title={t(ERROR_REPORT_MESSAGES.sent)}>
            {t('Gracias por ayudarnos a mejorar el portal.')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={closeErrorReport}>{t('Cerrar')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text>
              {t(
                'Ya avisamos al equipo del portal. Si quieres ayudarnos, cuéntanos qué estabas haciendo cuando ocurrió.',
              )}
            </Text>
            <Textarea
              label={t('¿Qué ocurrió?')}
              description={t('No incluyas datos personales como tu correo electrónico o tu teléfono.')}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              maxLength={ERROR_REPORT_LIMITS.description}
              autosize
              minRows={4}
              maxRows={10}
              data-autofocus
              error={status.kind === 'failed' ? t(status.message) : undefined}
            />
            {open?.requestId ? (
              <Text fz="xs" c="dimmed">
                {t('Identificador de la solicitud')}: {open.requestId}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={closeErrorReport}>
                {t('Cerrar')}
              </Button>
              <Button type="submit" loading={status.kind === 'sending'}>
                {t('Enviar')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
