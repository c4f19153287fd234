import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { returnPath } from '../lib/return-to';
import { BackIcon } from './icons';

/**
 * The '← Regresar' link at the top of detail and content pages. When the visitor came from the
 * list it names, it returns to that view (filters and page), not to the list's first page.
 */
export function BackLink({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation();
  const { state } = useLocation();
  return (
    <Anchor
      component={Link}
      to={returnPath(state, to)}
      fz="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <BackIcon />
      {t(label)}
    </Anchor>
  );
}
