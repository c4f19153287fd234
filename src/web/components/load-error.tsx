import { Alert, Button, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A screen whose data could not load (not a missing record): the spec's text and a way to retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" title={t(message)}>
        <Button mt="sm" variant="light" color="red" onClick={onRetry}>
          {t('Intentar nuevamente')}
        </Button>
      </Alert>
    </Container>
  );
}
