import { useDocumentTitle } from '@mantine/hooks';
import { type SupplierDoc, SupplierInputSchema } from '../../../shared/schemas/catalogues';
import { type CatalogueConfig, CatalogueScreen } from '../../features/admin/catalogue/catalogue-screen';
import { NotesField, TextField } from '../../features/admin/catalogue/fields';

const SUPPLIERS: CatalogueConfig<SupplierDoc> = {
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
        description="En mayúsculas, sin tildes ni caracteres especiales (Ñ permitida)."
      />
      <TextField {...props} field="rfc" label="RFC" />
      <NotesField {...props} />
    </>
  ),
};

/** /admin/suppliers (SUPPLIERS). */
export function SuppliersCataloguePage() {
  useDocumentTitle('Proveedores · Administración · Vigía');
  return <CatalogueScreen config={SUPPLIERS} />;
}
