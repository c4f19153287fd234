import { useDocumentTitle } from '@mantine/hooks';
import { type UnitDoc, UnitInputSchema } from '../../../shared/schemas/catalogues';
import { type CatalogueConfig, CatalogueScreen } from '../../features/admin/catalogue/catalogue-screen';
import { NotesField, TextField } from '../../features/admin/catalogue/fields';

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
  form: (props) => (
    <>
      <TextField {...props} field="name" label="Nombre" required />
      <NotesField {...props} />
    </>
  ),
};

/** /admin/administrative-units (ADMINISTRATIVE_UNITS). */
export function UnitsCataloguePage() {
  useDocumentTitle('Unidades administrativas · Administración · Vigía');
  return <CatalogueScreen config={UNITS} />;
}
