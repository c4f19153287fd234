import { type SupplierDoc, SupplierInputSchema } from '../../../../shared/schemas/catalogues';
import { NotesField, TextField } from '../../../components/admin/catalogue/fields';
import type { CatalogueConfig } from '../../../components/admin/catalogue/types';

/** The suppliers catalogue (SUPPLIERS): the companies that receive the monitor's contracts. */
export const SUPPLIERS_CATALOGUE: CatalogueConfig<SupplierDoc> = {
  path: 'suppliers',
  plural: 'Proveedores',
  newLabel: 'Nuevo proveedor',
  testId: 'suppliers-catalogue',
  columns: [
    { field: 'name', label: 'Nombre', sort: 'name', inline: true },
    { field: 'rfc', label: 'RFC', sort: 'rfc', inline: true },
    { field: 'notes', label: 'Notas', sort: 'notes', inline: true },
    { field: 'createdAt', label: 'Fecha de creación', type: 'date', sort: 'createdAt' },
  ],
  schema: SupplierInputSchema,
  empty: { name: '', rfc: '', notes: '' },
  toDraft: (doc) => ({ name: doc.name, rfc: doc.rfc ?? '', notes: doc.notes ?? '' }),
  form: (props) => (
    <>
      <TextField
        {...props}
        field="name"
        label="Nombre"
        required
        description="Como lo escribe la empresa (por ejemplo GRUPO 2000, S.A. DE C.V.); no puede empezar con =, +, - ni @."
      />
      <TextField {...props} field="rfc" label="RFC" />
      <NotesField {...props} />
    </>
  ),
};
