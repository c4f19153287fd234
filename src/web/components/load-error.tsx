import { Alert, Button, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The one error state of data that could not load (not a missing record): the screen's Spanish
 * message and 'Reintentar', in place of the figures, never zeros or an empty list that read as
 * data. A whole screen by default; `inline` in place of one part of a screen (a chart).
 */
export function LoadError({
  message,
  onRetry,
  inline,
}: {
  message: string;
  onRetry: () => void;
  inline?: boolean;
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
