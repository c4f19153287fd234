import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ResourceDocSchema } from '../../../shared/schemas/catalogues';
import { OrganizationHeaderSchema, successEnvelope, UuidSchema } from '../../../shared/schemas/common';
import { USER_MESSAGES } from '../../../shared/schemas/users';
import { AppError } from '../../lib/errors';
import { checkImage } from '../../lib/images';
import { readUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth';
import { requireOrganization } from '../../plugins/organization';
import { resourceCatalogue } from './resources.catalogue';
import { setResourceImage } from './resources.service';

/**
 * POST /api/resources/upload-image (RESOURCES, multipart: `_id` and the file `image`): the picture
 * of an article, checked by its bytes like every uploaded image (PNG, JPEG, GIF or inert SVG,
 * 2 MB). The previous picture is removed; the public /resources cards show the new one.
 */
export const resourceImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/upload-image',
    {
      schema: {
        tags: ['catalogues'],
        summary: "Replace a resource's image (multipart: _id, image: PNG, JPEG, GIF or SVG, 2 MB)",
        consumes: ['multipart/form-data'],
        headers: OrganizationHeaderSchema,
        response: { 200: successEnvelope(ResourceDocSchema) },
      },
    },
    async (request) => {
      const { file: upload, fields } = await readUpload(request, 'image', {
        messages: { notMultipart: USER_MESSAGES.pictureType, tooLarge: USER_MESSAGES.pictureSize },
      });
      const id = fields._id ?? null;
      const parsedId = UuidSchema.safeParse(id);
      if (!parsedId.success) throw new AppError('BAD_REQUEST', 'Indica el recurso (campo _id).');
      if (!upload) throw new AppError('BAD_REQUEST', 'Selecciona una imagen (campo image).');
      const image = checkImage(upload);
      const organization = await requireOrganization(request);
      const row = await setResourceImage(app.deps, {
        organizationId: organization.id,
        resourceId: parsedId.data,
        data: upload,
        image,
        createdBy: actorOf(request).userId,
      });
      return {
        error: false as const,
        message: 'La imagen del recurso se guardó correctamente',
        data: resourceCatalogue.present(row),
      };
    },
  );
};
