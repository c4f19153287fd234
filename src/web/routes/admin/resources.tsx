import { Select } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { RESOURCE_CLASSIFICATION_LABELS, RESOURCE_CLASSIFICATIONS } from '../../../shared/constants/enums';
import { type ResourceDoc, ResourceInputSchema } from '../../../shared/schemas/catalogues';
import { type CatalogueConfig, CatalogueScreen } from '../../features/admin/catalogue/catalogue-screen';
import { TextField } from '../../features/admin/catalogue/fields';

const RESOURCES: CatalogueConfig<ResourceDoc> = {
  path: 'resources',
  plural: 'Recursos',
  newLabel: 'Nuevo recurso',
  testId: 'resources-catalogue',
  columns: [
    { field: 'title', label: 'Título', sort: 'title', inline: true },
    { field: 'url', label: 'Url', sort: 'url', inline: true },
    {
      field: 'classification',
      label: 'Clasificación',
      sort: 'classification',
      type: 'i18n',
      labels: RESOURCE_CLASSIFICATION_LABELS,
    },
    { field: 'createdAt', label: 'Fecha de creación', type: 'date', sort: 'createdAt' },
  ],
  schema: ResourceInputSchema,
  empty: { title: '', url: '', classification: null },
  toDraft: (doc) => ({ title: doc.title, url: doc.url, classification: doc.classification }),
  form: (props) => (
    <>
      <TextField {...props} field="title" label="Título" required />
      <TextField {...props} field="url" label="Url" required description="Con http:// o https://" />
      <Select
        label="Clasificación"
        required
        data={RESOURCE_CLASSIFICATIONS.map((value) => ({
          value,
          label: RESOURCE_CLASSIFICATION_LABELS[value],
        }))}
        value={typeof props.draft.classification === 'string' ? props.draft.classification : null}
        error={props.errors.classification}
        onChange={(value) => props.set('classification', value)}
      />
    </>
  ),
};

/** /admin/resources (RESOURCES): articles, legal framework, notes and websites shown on /resources. */
export function ResourcesCataloguePage() {
  useDocumentTitle('Recursos · Administración · Vigía');
  return <CatalogueScreen config={RESOURCES} />;
}
