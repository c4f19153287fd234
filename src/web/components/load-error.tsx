import { Alert, Button, Container, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The one error state of data that could not load (not a missing record): the screen's Spanish
 * message and 'Reintentar', in place of the figures, never zeros or an empty list that read as
 * data. A whole screen by default; `inline` in place of one part of a screen (a chart). `detail`
 * says why, already in the visitor's language (another server's refusal).
 */
export function LoadError({
  message,
  onRetry,
  inline,
  detail,
}: {
  message: string;
  onRetry: () => void;
  inline?: boolean;
  detail?: string;
}) {
  const { t } = useTranslation();
  const alert = (
    <Alert
      color="red"
      variant="light"
      title={t(message)}
      data-testid="load-error"
      mt={inline ? 'sm' : undefined}
    >
      {detail ? <Text fz="sm">{detail}</Text> : null}
      <Button mt="sm" variant="light" color="red" onClick={onRetry}>
        {t('Reintentar')}
      </Button>
    </Alert>
  );
  if (inline) return alert;
  return (
    <Container size="sm" py="xl">
      {alert}
    </Container>
  );
}
