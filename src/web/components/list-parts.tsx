import { Button, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReturnState } from '../lib/return-to';

/** What a list shows with no rows: a skeleton while the first page loads, then the spec's empty text. */
export function EmptyList({ loading }: { loading?: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton height={320} radius="md" />;
  return (
    <Text ta="center" c="dimmed" py="xl">
      {t('No se encontraron resultados con la búsqueda')}
    </Text>
  );
}

/** 'Ver más' to a row's detail (spec); the detail's back link returns to this list view. */
export function SeeMore({ to, compact }: { to: string; compact?: boolean }) {
  const { t } = useTranslation();
  const returnState = useReturnState();
  return compact ? (
    <Button component={Link} to={to} state={returnState} size="compact-xs" variant="light">
      {t('Ver más')}
    </Button>
  ) : (
    <Button component={Link} to={to} state={returnState} variant="light" mt="sm" fullWidth>
      {t('Ver más')}
    </Button>
  );
}
