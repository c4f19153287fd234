import { Textarea, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type UnitDoc, UnitInputSchema } from '../../../shared/schemas/catalogues';
import { type CatalogueConfig, CatalogueScreen } from '../../features/admin/catalogue/catalogue-screen';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const UNITS: CatalogueConfig<UnitDoc> = {
  path: 'administrative-units',
  plural: 'Unidades Administrativas',
  newLabel: 'Nueva unidad administrativa',
  testId: 'units-catalogue',
  columns: [
    { field: 'name', label: 'Nombre', sort: 'name', inline: true },
    { field: 'notes', label: 'Notas', sort: 'notes', inline: true },
    { field: 'createdAt', label: 'Fecha de creación', type: 'date', sort: 'createdAt' },
  ],
  schema: UnitInputSchema,
  empty: { name: '', notes: '' },
  toDraft: (doc) => ({ name: doc.name, notes: doc.notes ?? '' }),
  form: ({ draft, set, errors }) => (
    <>
      <TextInput
        label="Nombre"
        required
        value={text(draft.name)}
        error={errors.name}
        onChange={(event) => set('name', event.currentTarget.value)}
      />
      <Textarea
        label="Notas"
        autosize
        minRows={2}
        value={text(draft.notes)}
        error={errors.notes}
        onChange={(event) => set('notes', event.currentTarget.value)}
      />
    </>
  ),
};

/** /admin/administrative-units (ADMINISTRATIVE_UNITS). */
export function UnitsCataloguePage() {
  useDocumentTitle('Unidades administrativas · Administración · Vigía');
  return <CatalogueScreen config={UNITS} />;
}
