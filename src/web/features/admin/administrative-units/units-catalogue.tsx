import { type UnitDoc, UnitInputSchema } from '../../../../shared/schemas/catalogues';
import { NotesField, TextField } from '../../../components/admin/catalogue/fields';
import type { CatalogueConfig } from '../../../components/admin/catalogue/types';

/** The administrative units catalogue (ADMINISTRATIVE_UNITS). */
export const UNITS_CATALOGUE: CatalogueConfig<UnitDoc> = {
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
