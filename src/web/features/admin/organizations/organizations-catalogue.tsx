import { ColorInput } from '@mantine/core';
import { type OrganizationDoc, OrganizationInputSchema } from '../../../../shared/schemas/catalogues';
import { TextField } from '../../../components/admin/catalogue/fields';
import type { CatalogueConfig } from '../../../components/admin/catalogue/types';

/** The organizations catalogue (ORGANIZATIONS): the monitors of this installation. */
export const ORGANIZATIONS_CATALOGUE: CatalogueConfig<OrganizationDoc> = {
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
  form: (props) => (
    <>
      <TextField {...props} field="name" label="Nombre" required />
      <TextField
        {...props}
        field="shortName"
        label="Nombre corto"
        required
        description="De 2 a 12 caracteres; se muestra en el menú y en las tarjetas del sitio."
      />
      <ColorInput
        label="Color"
        format="hex"
        value={typeof props.draft.color === 'string' ? props.draft.color : ''}
        error={props.errors.color}
        onChange={(value) => props.set('color', value)}
      />
    </>
  ),
};
