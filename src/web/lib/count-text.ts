import { useTranslation } from 'react-i18next';
import { formatCount } from '../../shared/format/money';

/** '1 contrato', '1,548 contratos', '245 proveedores': counts with their noun, in every language. */
export function useCountText() {
  const { t } = useTranslation();
  return {
    contracts: (count: number) =>
      count === 1 ? t('1 contrato') : t('{{count}} contratos', { count: formatCount(count) }),
    suppliers: (count: number) =>
      count === 1 ? t('1 proveedor') : t('{{count}} proveedores', { count: formatCount(count) }),
  };
}
