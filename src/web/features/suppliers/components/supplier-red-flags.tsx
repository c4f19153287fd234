import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { filtersSearch } from '../../../../shared/filters-url';
import { formatCount } from '../../../../shared/format/money';
import { RED_FLAG_DISCLAIMER, RED_FLAGS, type RedFlagCode } from '../../../../shared/red-flags/definitions';
import { WEB_ROUTES } from '../../../../shared/routes';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import type { SupplierRedFlags as Flags } from '../../../../shared/schemas/suppliers';
import { useCountText } from '../../../lib/count-text';
import classes from './supplier-red-flags.module.css';

/**
 * 'Señales de alerta' on a supplier's page (issue 32): how many of its listed contracts carry red
 * flags, and each kind with its contracts, linking to the contracts list of this supplier and that
 * flag under the page's other filters (so the list shows the counted contracts). Orange, never red,
 * with the reminder that a flag is a reason to look closer; nothing alarming when there are none.
 */
export function SupplierRedFlags({
  supplierId,
  flags,
  listed,
  filters,
}: {
  supplierId: string;
  flags: Flags;
  /** Every listed contract of the supplier under the page's filters. */
  listed: number;
  /** The page's filters (the supplier's own page: its supplier filter is set by the link). */
  filters: PublicFilters;
}) {
  const { t } = useTranslation();
  const counts = useCountText();
  const id = useId();
  const contractsOf = (code: RedFlagCode) =>
    `${WEB_ROUTES.contracts}${filtersSearch({ ...filters, suppliers: [supplierId], redFlags: [code] })}`;
  const flagged = flags.flagged > 0;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={id}
      className={flagged ? classes.flagged : undefined}
      data-testid="supplier-red-flags"
    >
      <Title order={2} fz="lg" id={id} mb="xs">
        {t('Señales de alerta')}
      </Title>
      <Stack gap="sm">
        {flagged ? (
          <>
            <Text fw={600}>
              {listed === 1
                ? t('{{flagged}} de 1 contrato con señales de alerta', {
                    flagged: formatCount(flags.flagged),
                  })
                : t('{{flagged}} de {{listed}} contratos con señales de alerta', {
                    flagged: formatCount(flags.flagged),
                    listed: formatCount(listed),
                  })}
            </Text>
            <ul className={classes.kinds}>
              {flags.byKind.map((kind) => (
                <li key={kind.code} className={classes.kind} data-flag={kind.code}>
                  <Anchor component={Link} to={contractsOf(kind.code)}>
                    {t(RED_FLAGS[kind.code]?.name ?? kind.name)}
                  </Anchor>
                  <Text span fz="sm" className={classes.numbers}>
                    {counts.contracts(kind.contracts)}
                  </Text>
                </li>
              ))}
            </ul>
            <Text fz="sm" fw={600}>
              {t(RED_FLAG_DISCLAIMER)}
            </Text>
          </>
        ) : (
          <Text c="dimmed">{t('Sin señales de alerta')}</Text>
        )}
        <Text fz="sm">
          <Anchor component={Link} to={WEB_ROUTES.redFlags}>
            {t('Qué significa cada señal')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
