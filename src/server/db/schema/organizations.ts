import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, softDelete, updatedAt } from './columns';
import { fileKindEnum, themeEnum } from './enums';
import { fileContents } from './files';

// A monitor and its stored files refer to each other (its cover is a file, a file belongs to a
// monitor): both tables live here, so that no two schema files import each other.

/** A monitor: one monitored government body and every public-site setting of it. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text().notNull(),
    shortName: text().notNull(),
    color: text().notNull().default('#19babd'),
    theme: themeEnum().notNull().default('default'),
    coverFileId: uuid().references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    title: text(),
    description: text(),
    welcomeTitle: text(),
    showBackgroundText: boolean().notNull().default(false),
    /** Show amounts and percentages rounded (spec: settings, default true). */
    round: boolean().notNull().default(true),
    address: text(),
    schedule: text(),
    additionalInformation: text(),
    contactLocation: text(),
    /**
     * Where the public contact form delivers its messages. Shown on the contact page as a mailto
     * link (decision 0015), never in the public list of organizations.
     */
    contactEmail: text(),
    socialUrl: text(),
    defaultAdministrationPeriod: text(),
    /** The source cited under contract details; the UI defaults to the national transparency platform. */
    dataSource: text(),
    isDemo: boolean().notNull().default(false),
    /**
     * Bumped by triggers (migration 0002) whenever the monitor's contracts, suppliers or units
     * change: pre-aggregated tables and cached results are valid for one version only.
     */
    dataVersion: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * The version of the monitor's index method ('Versión del método'), bumped by a trigger
     * (migration 0025) only when a calculation the index uses, transitively, changes in what it
     * computes (formula, type, period, scale, filters), or the index itself is replaced.
     */
    calculationsVersion: integer().notNull().default(0),
    /**
     * Bumped by the same trigger whenever any of the monitor's calculations is created, changed or
     * deleted: the index page's kept results are valid for one value only.
     */
    calculationsChanges: integer().notNull().default(0),
    /** Latest updatedAt of the monitor's contracts ('Última actualización'), kept by the same triggers. */
    contractsUpdatedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('organizations_name_key').on(sql`lower(${t.name})`).where(sql`deleted_at IS NULL`),
    index('organizations_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Every stored file (covers, pictures, resource images, document backups, uploaded sheets): what
 * it is, whose it is and its name; its bytes are a content of the file store, shared by files of
 * the same bytes and type.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    /** Null only for files that belong to no monitor (profile pictures). */
    organizationId: uuid().references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' }),
    kind: fileKindEnum().notNull(),
    filename: text().notNull(),
    /** The bytes (lib/file-store); a content is deleted only once no file refers to it. */
    contentId: uuid()
      .notNull()
      .references(() => fileContents.id),
    /** Where a document backup was downloaded from. */
    sourceUrl: text(),
    createdBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_organization_idx').on(t.organizationId, t.kind),
    index('files_content_idx').on(t.contentId),
  ],
);
