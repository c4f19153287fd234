import { useTranslation } from 'react-i18next';
import { PROCEDURE_TYPE_LABELS, type ProcedureType } from '../../../shared/constants/enums';
import { conditionLines } from '../../../shared/format/filter-conditions';
import type { PublicFilters } from '../../../shared/schemas/filters';

/**
 * The applied filters of a list in words, for the follow form's 'Contratos nuevos con estos
 * filtros' (units and suppliers are counted: their names live in the filter panel's options).
 */
export function useFiltersText(filters: Partial<PublicFilters>): string {
  const { t } = useTranslation();
  const parts: string[] = [];
  const list = (label: string, values: readonly string[] | undefined) => {
    if (values?.length) parts.push(`${t(label)}: ${values.join(', ')}`);
  };
  const count = (label: string, values: readonly string[] | undefined) => {
    if (values?.length) parts.push(`${t(label)} (${values.length})`);
  };
  list('Administración', filters.administrationPeriods);
  list('Ejercicio', filters.fiscalYears);
  list('Trimestre', filters.trimonths);
  list(
    'Tipo de procedimiento',
    filters.procedureTypes?.map((type) => t(PROCEDURE_TYPE_LABELS[type as ProcedureType] ?? type)),
  );
  count('Unidad administrativa', filters.administrativeUnits);
  count('Proveedor', filters.suppliers);
  if (filters.search) parts.push(`${t('Buscar')}: «${filters.search}»`);
  if (filters.countedOnly) parts.push(t('Solo los que cuentan en los totales'));
  for (const line of conditionLines(filters))
    list(
      line.label,
      line.values.map((value) => t(value)),
    );
  return parts.length > 0 ? parts.join(' · ') : t('Sin filtros: todos los contratos nuevos del monitor');
}
