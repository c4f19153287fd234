import type { OpenDataFile } from '../../../../shared/schemas/open-data';
import { msg } from '../../../i18n/msg';

/** Each bulk file's name and what it holds, in a line (shown with t()). */
export const FILE_TEXTS: Record<OpenDataFile, { name: string; description: string }> = {
  'releases.json': {
    name: msg('Paquete de entregas OCDS (JSON)'),
    description: msg('Todas las entregas: una por cada cambio de cada contrato.'),
  },
  'records.json': {
    name: msg('Paquete de registros OCDS (JSON)'),
    description: msg('Un registro por contrato, con su historial de entregas y su entrega compilada.'),
  },
  jsonl: {
    name: msg('Entregas compiladas, una por línea (JSON Lines)'),
    description: msg(
      'El estado actual de cada contrato en una línea, para leer archivos grandes poco a poco.',
    ),
  },
  csv: {
    name: msg('Contratos (CSV, una fila por contrato)'),
    description: msg(
      'Para hojas de cálculo y programas de análisis; incluye los periodos sin procedimientos.',
    ),
  },
  'suppliers.csv': {
    name: msg('Proveedores (CSV)'),
    description: msg('Una fila por proveedor que aparece en los contratos.'),
  },
  xlsx: {
    name: msg('Contratos (Excel)'),
    description: msg('Los mismos contratos en un libro de Excel; incluye los periodos sin procedimientos.'),
  },
};
