import { Badge } from '@mantine/core';
import { type CalculationDoc, CalculationInputSchema } from '../../../../shared/schemas/calculations';
import type { CatalogueConfig } from '../../../components/admin/catalogue/types';
import { CalculationForm, DISPLAY_FORM_LABELS, TYPE_LABELS } from './calculation-form';

/**
 * The calculations catalogue (CALCULATIONS): the monitor's formulas, the locked one its
 * corruption-risk index (every monitor starts with the default index: nine indicators, three
 * axes and the index). Saving checks the formula against the others; each change is a version.
 */
export const CALCULATIONS_CATALOGUE: CatalogueConfig<CalculationDoc> = {
  path: 'calculations',
  plural: 'Cálculos',
  newLabel: 'Nuevo cálculo',
  emptyText: 'Catálogo de Cálculos vacio.',
  testId: 'calculations-catalogue',
  modalSize: 'xl',
  columns: [
    { field: 'name', label: 'Nombre', sort: 'name', inline: true },
    { field: 'abbreviation', label: 'Abreviación', sort: 'abbreviation', type: 'highlight' },
    { field: 'description', label: 'Descripción', inline: true, maxWidth: 320 },
    { field: 'type', label: 'Tipo', sort: 'type', type: 'i18n', labels: TYPE_LABELS },
    { field: 'formula.expression', label: 'Fórmula', maxWidth: 280 },
    {
      field: 'displayForm',
      label: 'Mostrar como',
      type: 'i18n',
      labels: DISPLAY_FORM_LABELS,
      visible: false,
    },
    { field: 'administrationPeriod', label: 'Administración' },
    { field: 'enabled', label: 'Habilitado', type: 'boolean' },
    { field: 'version', label: 'Versión' },
    { field: 'createdAt', label: 'Fecha de creación', type: 'date', sort: 'createdAt', visible: false },
  ],
  schema: CalculationInputSchema,
  empty: {
    name: '',
    description: '',
    type: 'CONTRACT',
    abbreviation: '$$',
    administrationPeriod: '',
    enabled: true,
    locked: false,
    notes: '',
    displayForm: 'PERCENTAGE',
    hasPercentScale: false,
    scale: [],
    filters: [],
    formula: { expression: '' },
  },
  toDraft: (doc) => ({
    _id: doc._id,
    name: doc.name,
    description: doc.description,
    type: doc.type,
    abbreviation: doc.abbreviation,
    administrationPeriod: doc.administrationPeriod ?? '',
    enabled: doc.enabled,
    locked: doc.locked,
    notes: doc.notes ?? '',
    displayForm: doc.displayForm,
    hasPercentScale: doc.hasPercentScale,
    scale: doc.scale,
    filters: doc.filters,
    formula: { expression: doc.formula.expression },
  }),
  rowLabel: (doc) => `${doc.abbreviation} ${doc.name}`,
  badges: (doc) =>
    doc.locked ? (
      <Badge size="xs" color="grape" variant="light" ml={6}>
        Índice
      </Badge>
    ) : null,
  deleteDialog: {
    title: 'Eliminar cálculo',
    caution: true,
    detail: (doc) =>
      `Se eliminará ${doc.abbreviation} (${doc.name}). Las fórmulas que lo usan deben cambiarse primero.`,
  },
  form: (props) => (
    <CalculationForm {...props} currentId={typeof props.draft._id === 'string' ? props.draft._id : null} />
  ),
};
