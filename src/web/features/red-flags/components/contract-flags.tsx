import { Anchor, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../../shared/format/dates';
import { formatCount, formatMoney } from '../../../../shared/format/money';
import {
  NOT_EVALUATED,
  RED_FLAG_CATEGORY_NAMES,
  RED_FLAG_DISCLAIMER,
  type RedFlagCategory,
} from '../../../../shared/red-flags/definitions';
import { TRANSLATED_VALUES } from '../../../../shared/red-flags/sentence-values';
import { WEB_ROUTES } from '../../../../shared/routes';
import type { ContractDetail } from '../../../../shared/schemas/contracts';
import type { ContractFlag } from '../../../../shared/schemas/red-flags';
import classes from './red-flags.module.css';

/**
 * 'Señales de alerta' on a contract's page (issue 32): each raised flag with its category and the
 * sentence of facts that raised it, one of the closed set of templates translated with its values
 * (a possible split's other contracts as links), then the flags
 * the data could not evaluate ('sin datos') with why, and always the reminder that a flag is a
 * reason to look closer, not an accusation, with the way to what each flag means.
 */
export function ContractFlags({
  contract,
}: {
  contract: Pick<ContractDetail, '_id' | 'flags' | 'unevaluated'>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { flags, unevaluated } = contract;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb="sm">
        {t('Señales de alerta')}
      </Title>
      <Stack gap="md">
        {flags.length === 0 ? (
          <Text>{t('Este contrato no tiene señales de alerta.')}</Text>
        ) : (
          <ul className={classes.flags}>
            {flags.map((flag) => (
              <RaisedFlag key={flag.code} flag={flag} contractId={contract._id} />
            ))}
          </ul>
        )}
        {unevaluated.length > 0 ? (
          <div>
            <Title order={3} fz="md" id={`${id}-unevaluated`}>
              {t('Señales sin evaluar')}
            </Title>
            <Text fz="sm" c="dimmed" mb={4}>
              {t('Quedan como «{{label}}»: los datos de este contrato no bastan para revisarlas.', {
                label: t(NOT_EVALUATED),
              })}
            </Text>
            <ul className={classes.plain} aria-labelledby={`${id}-unevaluated`}>
              {unevaluated.map((flag) => (
                <li key={flag.code}>
                  <Text fz="sm">
                    <strong>{t(flag.name)}</strong> — {t(flag.reason)}
                  </Text>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Stack gap={4}>
          <Text fw={600}>{t(RED_FLAG_DISCLAIMER)}</Text>
          <Text>
            <Anchor component={Link} to={WEB_ROUTES.redFlags}>
              {t('Qué significa cada señal')}
            </Anchor>
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}

function RaisedFlag({ flag, contractId }: { flag: ContractFlag; contractId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const chain = flag.code === 'SPLIT_DIRECT_AWARDS' ? chainOf(flag.evidence, contractId) : null;
  return (
    <li className={classes.flag} data-flag={flag.code}>
      <Group gap="xs" align="baseline" wrap="wrap">
        <Title order={3} fz="md" id={id}>
          {t(flag.name)}
        </Title>
        <Badge color="gray" variant="light" radius="sm" className={classes.category}>
          <VisuallyHidden>{t('Categoría:')} </VisuallyHidden>
          {t(RED_FLAG_CATEGORY_NAMES[flag.category as RedFlagCategory] ?? flag.category)}
        </Badge>
      </Group>
      <Text mt={4}>{t(flag.template.text, readerValues(flag.template.values, t))}</Text>
      {chain && chain.others.length > 0 ? (
        <div className={classes.chain}>
          <Text fz="sm" fw={600} id={`${id}-chain`}>
            {t('Los otros contratos de la cadena:')}
          </Text>
          <ul className={classes.plain} aria-labelledby={`${id}-chain`}>
            {chain.others.map((other) => (
              <li key={other.id}>
                <Text fz="sm" className={classes.numbers}>
                  {/* Each part kept whole, the lines breaking only between them (a number such
                      as 'CAD-02' broke at its hyphen on a phone). */}
                  <Anchor
                    component={Link}
                    to={`/contracts/${encodeURIComponent(other.id)}`}
                    className={classes.number}
                    title={other.number || undefined}
                  >
                    {other.number || t('sin número')}
                  </Anchor>
                  {other.date ? (
                    <>
                      {' '}
                      <span className={classes.part}>· {formatDate(other.date)}</span>
                    </>
                  ) : null}
                  {other.amount === null ? null : (
                    <>
                      {' '}
                      <span className={classes.part}>· {formatMoney(other.amount)}</span>
                    </>
                  )}
                </Text>
              </li>
            ))}
          </ul>
          {chain.more > 0 ? (
            <Text fz="sm">{t('y {{count}} más', { count: formatCount(chain.more) })}</Text>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * A flag's template values as t() fills them: a word of a closed set (a holiday's name) through its
 * own catalogue key, in the reader's language; the rest (dates, money, names, RFCs) as they are.
 */
function readerValues(
  values: Record<string, string>,
  translate: (text: string) => string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      Object.hasOwn(TRANSLATED_VALUES, name) ? translate(value) : value,
    ]),
  );
}

interface ChainContract {
  id: string;
  number: string | null;
  date: string | null;
  amount: number | null;
}

/**
 * A possible split's other contracts, from its evidence (the chain's neighbours, this contract
 * among them, and the chain's size): the ones listed besides this one, and how many more the
 * chain has than the evidence lists. Evidence of another shape lists nothing.
 */
export function chainOf(
  evidence: Record<string, unknown>,
  contractId: string,
): { others: ChainContract[]; more: number } {
  const listed = Array.isArray(evidence.contracts) ? evidence.contracts : [];
  const contracts = listed.flatMap((item): ChainContract[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, number, date, amount } = item as Record<string, unknown>;
    if (typeof id !== 'string' || id === '') return [];
    const value =
      typeof amount === 'number' ? amount : typeof amount === 'string' ? Number(amount) : Number.NaN;
    return [
      {
        id,
        number: typeof number === 'string' && number.trim() !== '' ? number : null,
        date: typeof date === 'string' ? date : null,
        amount: Number.isFinite(value) ? value : null,
      },
    ];
  });
  const members = Number(evidence.members);
  const more = Number.isFinite(members) ? Math.max(0, Math.trunc(members) - contracts.length) : 0;
  return { others: contracts.filter((contract) => contract.id !== contractId), more };
}
