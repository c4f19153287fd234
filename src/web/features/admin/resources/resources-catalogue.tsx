import { FileInput, Select } from '@mantine/core';
import { RESOURCE_CLASSIFICATION_LABELS, RESOURCE_CLASSIFICATIONS } from '../../../../shared/constants/enums';
import { LIMITS } from '../../../../shared/constants/limits';
import { type ResourceDoc, ResourceInputSchema } from '../../../../shared/schemas/catalogues';
import { TextField } from '../../../components/admin/catalogue/fields';
import type { CatalogueConfig } from '../../../components/admin/catalogue/types';
import { apiRequest } from '../../../lib/api-client';

/** The resources catalogue (RESOURCES): articles, legal framework, notes and websites shown on /resources. */
export const RESOURCES_CATALOGUE: CatalogueConfig<ResourceDoc> = {
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
  toDraft: (doc) => ({
    title: doc.title,
    url: doc.url,
    classification: doc.classification,
    image: doc.image,
  }),
  afterSave: async (doc, draft) => {
    if (!(draft.imageFile instanceof File) || doc.classification !== 'ARTICLE') return undefined;
    if (draft.imageFile.size > LIMITS.imageBytes) throw new Error('la imagen no: pesa más de 2 MB.');
    const form = new FormData();
    form.append('_id', doc._id);
    form.append('image', draft.imageFile);
    try {
      // The screen reads the list again once this step is done.
      const response = await apiRequest<{ message: string }>('/api/resources/upload-image', {
        method: 'POST',
        form,
      });
      return response.message;
    } catch (error) {
      throw new Error(`la imagen no: ${(error as Error).message}`);
    }
  },
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
      {props.draft.classification === 'ARTICLE' ? (
        <FileInput
          label="Imagen del artículo"
          description="PNG, JPEG, GIF o SVG de hasta 2 MB; se muestra en la tarjeta del artículo."
          accept="image/png,image/jpeg,image/gif,image/svg+xml"
          clearable
          placeholder={props.draft.image ? 'Reemplazar la imagen actual' : 'Elegir imagen'}
          value={props.draft.imageFile instanceof File ? props.draft.imageFile : null}
          error={props.errors.imageFile}
          onChange={(file) => props.set('imageFile', file)}
        />
      ) : null}
    </>
  ),
};
