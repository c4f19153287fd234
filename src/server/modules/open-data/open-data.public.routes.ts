import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INSTALLATION_FILES,
  OPEN_DATA_FILES,
  type OpenDataFile,
  OpenDataFilesQuerySchema,
  OpenDataFilesResponseSchema,
  ReleasesQuerySchema,
} from '../../../shared/schemas/open-data';
import { admitDownload, DOWNLOAD_RATE_LIMIT } from '../../exports/send';
import { notFound } from '../../lib/errors';
import { organizationById, requireOrganization } from '../../plugins/organization';
import { FILE_TYPES, fileStream, filesOf, PACKAGE_FILES, scopeVersion, sendBuilt, sendKept } from './bulk';
import { VIGIA_RELEASE_SCHEMA, vigiaExtension } from './extension';
import { EXAMPLE_RECORD_PACKAGE, EXAMPLE_RELEASE_PACKAGE } from './open-data.examples';
import {
  type BulkScope,
  cursorText,
  NO_RELEASES,
  packageMeta,
  parseCursor,
  processRecord,
  recordPackage,
  releasePackage,
  releasesPage,
  scopeContracts,
} from './open-data.service';
import { keepFilesLater } from './open-data-jobs';

const tags = ['public: open data (OCDS)'];

/** An OCDS package: its schema is the standard's (https://standard.open-contracting.org/1.1/en/schema/). */
const PackageSchema = (description: string, example: unknown) =>
  z.looseObject({ uri: z.string(), version: z.string() }).meta({ description, examples: [example] });

/** `<monitor id>.<file>` or `all.<file>`. */
const BulkNameSchema = z
  .string()
  .max(120)
  .regex(
    new RegExp(
      `^([0-9a-fA-F-]{36}|${INSTALLATION_FILES})\\.(${OPEN_DATA_FILES.map((file) => file.replace('.', '\\.')).join('|')})$`,
    ),
    `El archivo no existe: pida <id del monitor>.<${OPEN_DATA_FILES.join('|')}> o ${INSTALLATION_FILES}.<…>.`,
  );

/** Licences people know by name; any other is shown by its address. */
function licenseName(url: string): string {
  const match = /creativecommons\.org\/(licenses|publicdomain)\/([a-z-]+)\/(\d\.\d)/.exec(url);
  if (!match) return url;
  return match[1] === 'publicdomain' ? `CC0 ${match[3]}` : `CC ${match[2]!.toUpperCase()} ${match[3]}`;
}

export const openDataPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const absolute = (url: string) => `${deps.config.publicUrl}${url}`;

  app.get(
    '/files',
    {
      schema: {
        tags,
        summary: 'The bulk files of a monitor and of the whole installation (the /open-data page)',
        description:
          'Each file with its address, its size once built for the current data (null while it is being built: ' +
          'it still downloads, built as it is sent) and the date its data last changed.',
        querystring: OpenDataFilesQuerySchema,
        response: { 200: OpenDataFilesResponseSchema },
      },
    },
    async (request) => {
      const { organization: organizationId } = request.query;
      const organization = organizationId ? await organizationById(deps.organizations, organizationId) : null;
      const describe = async (scope: BulkScope) => {
        const version = await scopeVersion(deps, scope);
        const { contracts, processes } = await scopeContracts(deps, scope);
        const files = (await filesOf(deps, scope, version)).filter(
          (file) => processes > 0 || !PACKAGE_FILES.includes(file.file),
        );
        if (files.some((file) => file.size === null))
          await keepFilesLater(deps, scope.kind === 'monitor' ? scope.organization.id : null);
        return { contracts, files };
      };
      const monitor = organization ? await describe({ kind: 'monitor', organization }) : null;
      return {
        error: false as const,
        message: '',
        data: {
          monitor:
            organization && monitor ? { _id: organization.id, name: organization.name, ...monitor } : null,
          installation: await describe({ kind: 'installation' }),
          license: { url: deps.config.openData.license, name: licenseName(deps.config.openData.license) },
          ocidPrefix: deps.config.openData.ocidPrefix,
          api: { releases: '/public-api/ocds/releases', docs: '/api/docs' },
        },
      };
    },
  );

  app.get(
    '/releases',
    {
      schema: {
        tags,
        summary: 'A page of a monitor’s OCDS releases (a release package), oldest change first',
        description:
          'Every change of a contract (a data load, an edit) is a release; a deleted contract’s releases stay. The next ' +
          'page is in `links.next` (OCDS pagination extension): follow it until a page has none. The cursor is stable: ' +
          'releases written while you page are neither skipped nor repeated. With `since`, only releases dated after it. ' +
          'When a cursor or `since` has nothing newer yet the answer is 204 (ask again later with the same address); a ' +
          'monitor without contracts answers 404.',
        querystring: ReleasesQuerySchema.extend({
          organization: ReleasesQuerySchema.shape.organization.meta({
            examples: ['0190a1b2-0000-7000-8000-000000000001'],
          }),
        }),
        response: {
          200: PackageSchema(
            'An OCDS 1.1 release package (with links.next when there are more pages)',
            EXAMPLE_RELEASE_PACKAGE,
          ),
          204: z.null().describe('Nothing newer after the cursor or since yet'),
        },
      },
    },
    async (request, reply) => {
      const organization = await requireOrganization(request);
      const { since, cursor, limit } = request.query;
      const page = await releasesPage(deps, organization, {
        since: since ? new Date(since) : null,
        cursor: cursor ? parseCursor(cursor) : null,
        limit,
      });
      if (!page) {
        if (cursor || since) return reply.code(204).send(null);
        throw notFound(NO_RELEASES);
      }
      const address = (extra: Record<string, string>) => {
        const query = new URLSearchParams({
          organization: organization.id,
          ...(since ? { since } : {}),
          ...(limit !== 100 ? { limit: String(limit) } : {}),
          ...extra,
        });
        return absolute(`/public-api/ocds/releases?${query}`);
      };
      const meta = packageMeta(
        deps,
        address(cursor ? { cursor } : {}),
        organization,
        organization.contractsUpdatedAt ?? null,
      );
      reply.header('cache-control', 'public, max-age=60');
      return releasePackage(
        meta,
        page.releases,
        page.next ? address({ cursor: cursorText(page.next) }) : undefined,
      );
    },
  );

  app.get(
    '/records/:ocid',
    {
      schema: {
        tags,
        summary: 'A contracting process’s OCDS record package: every release and the compiled release',
        description:
          'The compiled release is the process’s data as it stands now (its newest release). A deleted contract’s record ' +
          'stays, with the releases it had.',
        params: z.object({
          ocid: z
            .string()
            .max(120)
            .meta({
              examples: [
                'ocds-vigia0-0190a1b2-0000-7000-8000-000000000001-0190a1b2-0000-7000-8000-00000000c001',
              ],
            }),
        }),
        response: { 200: PackageSchema('An OCDS 1.1 record package of one record', EXAMPLE_RECORD_PACKAGE) },
      },
    },
    async (request, reply) => {
      const { ocid } = request.params;
      const { organization, releases } = await processRecord(deps, ocid);
      reply.header('cache-control', 'public, max-age=60');
      return recordPackage(
        packageMeta(
          deps,
          absolute(`/public-api/ocds/records/${encodeURIComponent(ocid)}`),
          organization,
          organization.contractsUpdatedAt ?? null,
        ),
        releases,
      );
    },
  );

  app.get(
    '/bulk/:name',
    {
      config: { rateLimit: DOWNLOAD_RATE_LIMIT },
      // Sent as kept: compressing gigabytes on every download would take a core from the visitors.
      compress: false,
      schema: {
        tags,
        summary: 'A bulk file of a monitor (`<id>.<file>`) or of every monitor (`all.<file>`)',
        description:
          '`releases.json`: a release package of every release; `records.json`: a record package (one record per ' +
          'contract with its releases and compiled release); `jsonl`: one compiled release per line; `csv`: one row ' +
          'per contract, headers in the OCDS flattening convention (rows that state no procedures were held included, ' +
          'with `vigia/noProcedures`); `suppliers.csv`; `xlsx`: both tables. Streamed; kept per data version. A monitor ' +
          'without contracts has no package (404) and empty JSON Lines and CSV files.',
        params: z.object({
          name: BulkNameSchema.meta({ examples: ['0190a1b2-0000-7000-8000-000000000001.jsonl', 'all.csv'] }),
        }),
      },
    },
    async (request, reply) => {
      const [id, ...rest] = request.params.name.split('.');
      const file = rest.join('.') as OpenDataFile;
      const scope: BulkScope =
        id === INSTALLATION_FILES
          ? { kind: 'installation' }
          : { kind: 'monitor', organization: await organizationById(deps.organizations, id!.toLowerCase()) };
      if (PACKAGE_FILES.includes(file) && (await scopeContracts(deps, scope)).processes === 0)
        throw notFound(NO_RELEASES);
      const version = await scopeVersion(deps, scope);
      const etag = `"${version.key}.${file}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const ticket = await admitDownload(request, reply, false);
      try {
        const found = await fileStream(deps, scope, version, file);
        const base = scope.kind === 'monitor' ? scope.organization.id : 'todos';
        reply
          .type(FILE_TYPES[file].mediaType)
          .header('content-disposition', `attachment; filename="vigia-${base}-${FILE_TYPES[file].download}"`);
        // Written to the socket by hand, each chunk before the next (memory stays flat): a kept file
        // through a few reused buffers, its size known; a file being built as it comes.
        if ('kept' in found) reply.header('content-length', String(found.kept.size));
        reply.hijack();
        reply.raw.writeHead(200, reply.getHeaders() as OutgoingHttpHeaders);
        try {
          if ('kept' in found) await sendKept(reply.raw, found.kept);
          else await sendBuilt(reply.raw, found.chunks);
        } catch (error) {
          // The answer has begun: it was cut (the connection closed), and the reason goes to the log.
          request.log.error({ err: error, file: request.params.name }, 'open data file cut');
        }
        return reply;
      } catch (error) {
        ticket.release();
        throw error;
      }
    },
  );

  app.get(
    '/extension/extension.json',
    { schema: { tags, summary: 'The Vigía OCDS extension (the `vigia` object of a release)' } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return vigiaExtension(deps.config.publicUrl);
    },
  );

  app.get(
    '/extension/release-schema.json',
    { schema: { tags, summary: 'The Vigía extension’s patch of the release schema' } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return VIGIA_RELEASE_SCHEMA;
    },
  );
};
