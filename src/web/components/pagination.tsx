import { Button, Group, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './pagination.module.css';

/**
 * The pages shown around the current one (spec): two after it on the first page, two before it on
 * the last, one on each side otherwise.
 */
export function visiblePages(page: number, pages: number): number[] {
  const start = page === 1 ? 1 : page === pages ? pages - 2 : page - 1;
  return [start, start + 1, start + 2].filter((value) => value >= 1 && value <= pages);
}

/** First, previous, nearby pages, next and last; every change is clamped to 1..pages. */
export function Pagination({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const go = (target: number) => {
    const clamped = Math.min(pages, Math.max(1, target));
    if (clamped !== page) onChange(clamped);
  };
  return (
    <Group component="nav" aria-label={t('Paginación')} gap={4} justify="center" mt="md" wrap="wrap">
      <Button
        variant="default"
        size="xs"
        onClick={() => go(1)}
        disabled={page === 1}
        aria-label={t('Primera página')}
      >
        «
      </Button>
      <Button
        variant="default"
        size="xs"
        onClick={() => go(page - 1)}
        disabled={page === 1}
        aria-label={t('Página anterior')}
      >
        ‹
      </Button>
      {visiblePages(page, pages).map((value) => (
        <UnstyledButton
          key={value}
          className={classes.page}
          data-active={value === page || undefined}
          aria-current={value === page ? 'page' : undefined}
          onClick={() => go(value)}
        >
          {value.toLocaleString('en-US')}
        </UnstyledButton>
      ))}
      <Button
        variant="default"
        size="xs"
        onClick={() => go(page + 1)}
        disabled={page === pages}
        aria-label={t('Página siguiente')}
      >
        ›
      </Button>
      <Button
        variant="default"
        size="xs"
        onClick={() => go(pages)}
        disabled={page === pages}
        aria-label={t('Última página')}
      >
        »
      </Button>
    </Group>
  );
}
