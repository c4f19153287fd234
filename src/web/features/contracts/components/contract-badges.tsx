import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  PROCEDURE_STATE_LABELS,
  PROCEDURE_TYPE_LABELS,
  type ProcedureState,
  type ProcedureType,
} from '../../../../shared/constants/enums';

/** Green public tender, yellow invitation, red direct award (spec). */
export const PROCEDURE_TYPE_COLORS: Record<ProcedureType, string> = {
  PUBLIC: 'green',
  INVITATION: 'yellow',
  NO_BID: 'red',
};
const STATE_COLORS: Record<ProcedureState, string> = {
  CONCLUDED: 'green',
  IN_PROGRESS: 'yellow',
  CANCELED: 'red',
  DESERTED: 'red',
};

export function ProcedureTypeBadge({ value }: { value: ProcedureType }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={PROCEDURE_TYPE_COLORS[value]}
      variant="light"
      autoContrast
      radius="sm"
      style={{ textTransform: 'none' }}
    >
      {t(PROCEDURE_TYPE_LABELS[value])}
    </Badge>
  );
}

export function ProcedureStateBadge({ value }: { value: ProcedureState | null }) {
  const { t } = useTranslation();
  if (!value) return null;
  return (
    <Badge color={STATE_COLORS[value]} variant="outline" radius="sm" style={{ textTransform: 'none' }}>
      {t(PROCEDURE_STATE_LABELS[value])}
    </Badge>
  );
}

/** Marks a row that records that no procedure took place in the period (spec: isEmpty). */
export function EmptyProcedureBadge({ value }: { value: boolean }) {
  const { t } = useTranslation();
  if (!value) return null;
  return (
    <Badge color="gray" variant="light" radius="sm" style={{ textTransform: 'none' }}>
      {t('No se llevaron a cabo procedimientos')}
    </Badge>
  );
}
