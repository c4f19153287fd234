import { ColorInput, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type OrganizationDoc, OrganizationInputSchema } from '../../../shared/schemas/catalogues';
import { type CatalogueConfig, CatalogueScreen } from '../../features/admin/catalogue/catalogue-screen';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const ORGANIZATIONS: CatalogueConfig<OrganizationDoc> = {
  path: 'organizations',
  plural: 'Organizaciones',
  newLabel: 'Nueva organización',
  testId: 'organizations-catalogue',
  columns: [
    { field: 'name', label: 'Nombre', sort: 'name', inline: true },
    { field: 'shortName', label: 'Nombre corto', sort: 'shortName', inline: true, type: 'highlight' },
    { field: 'createdAt', label: 'Fecha de creación', type: 'date', sort: 'createdAt' },
  ],
  schema: OrganizationInputSchema,
  empty: { name: '', shortName: '', color: '#19babd' },
  toDraft: (doc) => ({ name: doc.name, shortName: doc.shortName, color: doc.color }),
  form: ({ draft, set, errors }) => (
    <>
      <TextInput
        label="Nombre"
        required
        value={text(draft.name)}
        error={errors.name}
        onChange={(event) => set('name', event.currentTarget.value)}
      />
      <TextInput
        label="Nombre corto"
        description="De 2 a 12 caracteres; se muestra en el menú y en las tarjetas del sitio."
        required
        value={text(draft.shortName)}
        error={errors.shortName}
        onChange={(event) => set('shortName', event.currentTarget.value)}
      />
      <ColorInput
        label="Color"
        format="hex"
        value={text(draft.color)}
        error={errors.color}
        onChange={(value) => set('color', value)}
      />
    </>
  ),
};

/** /admin/organizations (ORGANIZATIONS): the monitors of this installation. */
export function OrganizationsCataloguePage() {
  useDocumentTitle('Organizaciones · Administración · Vigía');
  return <CatalogueScreen config={ORGANIZATIONS} />;
}
