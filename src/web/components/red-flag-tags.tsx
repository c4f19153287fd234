import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../shared/format/money';
import { RED_FLAGS, type RedFlagCode } from '../../shared/red-flags/definitions';
import { useCountText } from '../lib/count-text';

/** Tags shown before the rest fold into '+N': two keep a row readable on a 360 px phone. */
const SHOWN = 2;

/**
 * Red flags as small tags (issue 32): the first two by name and '+N' for the rest; the whole list
 * is the group's accessible name and its tooltip. A contract's flags, or a supplier's flags by
 * kind with how many of its contracts carry each (`counts`). A flag is a reason to look closer,
 * never a verdict, so the tags are orange, not red.
 */
export function RedFlagTags({
  codes,
  counts,
}: {
  codes: readonly RedFlagCode[];
  /** Contracts that carry each flag (a supplier's flags by kind), shown beside its name. */
  counts?: Readonly<Partial<Record<RedFlagCode, number>>>;
}) {
  const { t } = useTranslation();
  const count = useCountText();
  if (codes.length === 0)
    return (
      <>
        <Text span c="dimmed" aria-hidden>
          —
        </Text>
        <VisuallyHidden>{t('Sin señales de alerta')}</VisuallyHidden>
      </>
    );
  // A code this build does not know (a newer server) still shows, by its code.
  const names = codes.map((code) => t(RED_FLAGS[code]?.name ?? code));
  const contractsOf = (index: number) => counts?.[codes[index]!];
  const spoken = names.map((name, index) => {
    const contracts = contractsOf(index);
    return contracts === undefined ? name : `${name} (${count.contracts(contracts)})`;
  });
  const whole = `${t('Señales de alerta')}: ${spoken.join(', ')}`;
  const rest = spoken.slice(SHOWN);
  return (
    <Group gap={4} wrap="wrap" role="group" aria-label={whole} title={whole} maw="100%">
      {names.slice(0, SHOWN).map((name, index) => {
        const contracts = contractsOf(index);
        return (
          <Badge
            key={codes[index]}
            {...badgeProps}
            rightSection={
              contracts === undefined ? undefined : (
                <span style={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(contracts)}
                </span>
              )
            }
          >
            {name}
          </Badge>
        );
      })}
      {rest.length > 0 ? (
        <Badge {...badgeProps} title={rest.join(', ')}>
          +{rest.length}
        </Badge>
      ) : null}
    </Group>
  );
}

/** A long name wraps inside its tag rather than being cut: the tag is what a reader looks for. */
const badgeProps = {
  color: 'orange',
  variant: 'light',
  autoContrast: true,
  radius: 'sm',
  size: 'sm',
  maw: '100%',
  styles: {
    root: {
      textTransform: 'none',
      height: 'auto',
      minHeight: 'var(--badge-height)',
      lineHeight: 1.3,
      paddingBlock: 2,
    },
    label: { whiteSpace: 'normal', overflow: 'visible' },
  },
} as const;
