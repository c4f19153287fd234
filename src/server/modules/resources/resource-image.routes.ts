import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RESOURCE_MESSAGES, ResourceDocSchema } from '../../../shared/schemas/catalogues';
import { OrganizationHeaderSchema, successEnvelope, UuidSchema } from '../../../shared/schemas/common';
import { USER_MESSAGES } from '../../../shared/schemas/users';
import { files, resources } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { checkImage } from '../../lib/images';
import { readUpload } from '../../lib/uploads';
import { principalOf } from '../../plugins/auth';
import { resourceCatalogue } from '../catalogues/definitions';

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
      const organizationId = request.organization!.id;
      const { db } = app.deps.database;
      const row = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({
            id: resources.id,
            imageFileId: resources.imageFileId,
            classification: resources.classification,
          })
          .from(resources)
          .where(
            and(
              eq(resources.id, parsedId.data),
              eq(resources.organizationId, organizationId),
              isNull(resources.deletedAt),
            ),
          )
          .for('update');
        if (!current) throw notFound(RESOURCE_MESSAGES.notFound);
        if (current.classification !== 'ARTICLE')
          throw new AppError('BAD_REQUEST', 'Solo los artículos llevan imagen.');
        const [file] = await tx
          .insert(files)
          .values({
            organizationId,
            kind: 'RESOURCE_IMAGE',
            filename: `recurso.${image.extension}`,
            mimeType: image.mimeType,
            size: upload!.length,
            sha256: createHash('sha256').update(upload!).digest('hex'),
            data: upload!,
            createdBy: principalOf(request).user.id,
          })
          .returning({ id: files.id });
        const [updated] = await tx
          .update(resources)
          .set({ imageFileId: file!.id, updatedAt: app.deps.now() })
          .where(eq(resources.id, current.id))
          .returning();
        if (current.imageFileId) await tx.delete(files).where(eq(files.id, current.imageFileId));
        return updated!;
      });
      return {
        error: false as const,
        message: 'La imagen del recurso se guardó correctamente',
        data: resourceCatalogue.present(row),
      };
    },
  );
};
