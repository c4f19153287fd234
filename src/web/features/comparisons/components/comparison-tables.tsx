import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMPARED_TYPES,
  comparisonPercent,
  pairCalculations,
  pairedValue,
  sideName,
} from '../../../../shared/calculations/compare';
import { formatCount, formatMoney } from '../../../../shared/format/money';
import type { ComparisonSide } from '../../../../shared/schemas/comparisons';

interface PanelRow {
  key: string;
  label: ReactNode;
  left: ReactNode;
  right: ReactNode;
  strong?: boolean;
}

type TypeKey = (typeof COMPARED_TYPES)[number]['key'] | 'total';

/** A row per procedure type and the total, each side's cell drawn by `cell`. */
function perTypeRows(
  t: TFunction,
  left: ComparisonSide,
  right: ComparisonSide,
  cell: (side: ComparisonSide, key: TypeKey) => ReactNode,
): PanelRow[] {
  return [
    ...COMPARED_TYPES.map((type) => ({
      key: type.key,
      label: t(type.label),
      left: cell(left, type.key),
      right: cell(right, type.key),
    })),
    { key: 'total', label: t('Total'), left: cell(left, 'total'), right: cell(right, 'total'), strong: true },
  ];
}

/**
 * A panel of three columns: what, the left monitor, the right one. On a phone the 'what' goes on a
 * line of its own above the two values, so full amounts fit without sideways scrolling.
 */
function SideBySide({
  title,
  left,
  right,
  rows,
  testId,
  note,
}: {
  title: string;
  left: ComparisonSide;
  right: ComparisonSide;
  rows: PanelRow[];
  testId: string;
  note?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" data-testid={testId}>
      <Title order={2} fz="h3" px={{ base: 4, sm: 0 }}>
        {title}
      </Title>
      {note}
      <Table mt="xs" verticalSpacing={6} horizontalSpacing="xs" fz={{ base: 'xs', sm: 'sm' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th visibleFrom="sm" />
            <Table.Th ta="right" style={{ overflowWrap: 'anywhere' }}>
              {sideName(left)}
            </Table.Th>
            <Table.Th ta="right" style={{ overflowWrap: 'anywhere' }}>
              {sideName(right)}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Fragment key={row.key}>
              <Table.Tr hiddenFrom="sm" fw={row.strong ? 700 : undefined} style={{ borderBottom: 0 }}>
                <Table.Td colSpan={2} pb={0}>
                  {row.label}
                </Table.Td>
              </Table.Tr>
              <Table.Tr fw={row.strong ? 700 : undefined} data-row={row.key}>
                <Table.Td visibleFrom="sm">{row.label}</Table.Td>
                <Table.Td ta="right" data-side="left">
                  {row.left}
                </Table.Td>
                <Table.Td ta="right" data-side="right">
                  {row.right}
                </Table.Td>
              </Table.Tr>
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function Amount({ amount, share }: { amount: number; share?: number | null }) {
  return (
    <>
      <Text fz="inherit" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(amount)}
      </Text>
      {share !== undefined ? (
        <Text fz="xs" c="dimmed">
          {comparisonPercent(share)}
        </Text>
      ) : null}
    </>
  );
}

/** Money per procedure type, each with its share, and the grand total (the portal's one rule for money). */
export function AmountsPanel({ left, right }: { left: ComparisonSide; right: ComparisonSide }) {
  const { t } = useTranslation();
  return (
    <SideBySide
      title={t('Montos por tipo de procedimiento')}
      left={left}
      right={right}
      testId="comparison-amounts"
      note={
        <Text fz="xs" c="dimmed" px={{ base: 4, sm: 0 }}>
          {t(
            'Contratos concluidos que no son ampliaciones, modificaciones ni adendas, en la administración de cada lado.',
          )}
        </Text>
      }
      rows={perTypeRows(t, left, right, (side, key) => (
        <Amount
          amount={side.totals[key]}
          share={key === 'total' ? undefined : side.totals[`${key}Percent`]}
        />
      ))}
    />
  );
}

/** Contracts per procedure type and their total. */
export function CountsPanel({ left, right }: { left: ComparisonSide; right: ComparisonSide }) {
  const { t } = useTranslation();
  return (
    <SideBySide
      title={t('Número de contratos')}
      left={left}
      right={right}
      testId="comparison-counts"
      rows={perTypeRows(t, left, right, (side, key) => formatCount(side.counts[key]))}
    />
  );
}

/**
 * 'Datos generales' side by side: calculations paired by their stable key (formula and scale),
 * those on one side only too, with '---' on the other.
 */
export function GeneralDataPanel({ left, right }: { left: ComparisonSide; right: ComparisonSide }) {
  const { t } = useTranslation();
  const pairs = pairCalculations(left.calculationsInfo, right.calculationsInfo);
  if (pairs.length === 0) return null;
  return (
    <SideBySide
      title={t('Datos generales')}
      left={left}
      right={right}
      testId="comparison-general"
      rows={pairs.map((pair) => ({
        key: `${pair.hash}|${pair.left?.name ?? ''}|${pair.right?.name ?? ''}`,
        label: (
          <Stack gap={0}>
            <Text fw={600} fz="inherit">
              {pair.name}
            </Text>
            <Text fz="xs" c="dimmed" visibleFrom="sm">
              {pair.description}
            </Text>
            {!pair.left || !pair.right ? (
              <Badge size="xs" variant="light" color="gray" mt={2}>
                {t('Solo en {{name}}', { name: sideName(pair.left ? left : right) })}
              </Badge>
            ) : null}
          </Stack>
        ),
        left: <b>{pairedValue(pair.left)}</b>,
        right: <b>{pairedValue(pair.right)}</b>,
      }))}
    />
  );
}
