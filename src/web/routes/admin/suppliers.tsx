import { Textarea, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type SupplierDoc, SupplierInputSchema } from '../../../shared/schemas/catalogues';
import { type CatalogueConfig, CatalogueScreen } from '../../features/admin/catalogue/catalogue-screen';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

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
  form: ({ draft, set, errors }) => (
    <>
      <TextInput
        label="Nombre"
        description="En mayúsculas, sin tildes ni caracteres especiales (Ñ permitida)."
        required
        value={text(draft.name)}
        error={errors.name}
        onChange={(event) => set('name', event.currentTarget.value)}
      />
      <TextInput
        label="RFC"
        value={text(draft.rfc)}
        error={errors.rfc}
        onChange={(event) => set('rfc', event.currentTarget.value)}
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

/** /admin/suppliers (SUPPLIERS). */
export function SuppliersCataloguePage() {
  useDocumentTitle('Proveedores · Administración · Vigía');
  return <CatalogueScreen config={SUPPLIERS} />;
}
