import { useTranslation } from 'react-i18next';
import { formatCount } from '../../shared/format/money';

/** '1 contrato', '1,548 contratos', '245 proveedores', '496 concluidos de 641 contratos': counts with their noun. */
export function useCountText() {
  const { t } = useTranslation();
  return {
    contracts: (count: number) =>
      count === 1 ? t('1 contrato') : t('{{count}} contratos', { count: formatCount(count) }),
    /** How many of the listed contracts count in the totals: '496 concluidos de 641 contratos'. */
    countedOf: (counted: number, listed: number) =>
      listed === 0
        ? t('Sin contratos')
        : listed === 1
          ? t('{{counted}} concluido de 1 contrato', { counted: formatCount(counted) })
          : t('{{counted}} concluidos de {{listed}} contratos', {
              counted: formatCount(counted),
              listed: formatCount(listed),
            }),
    /** Contracts that count in the totals: '1 concluido', '120 concluidos'. */
    counted: (count: number) =>
      count === 1 ? t('1 concluido') : t('{{count}} concluidos', { count: formatCount(count) }),
    suppliers: (count: number) =>
      count === 1 ? t('1 proveedor') : t('{{count}} proveedores', { count: formatCount(count) }),
  };
}
