import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, softDelete, updatedAt } from './columns';
import { themeEnum } from './enums';
import { files } from './files';

/** Texts of the About page; every missing text shows 'Por definir...'. */
export interface AboutContent {
  about?: string;
  mission?: string;
  vision?: string;
  values?: string;
  directiveCouncil?: { name: string; role: string }[];
  consultiveCouncil?: { name: string; role: string }[];
}

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
    /** Where the public contact form delivers its messages. Never sent to visitors. */
    contactEmail: text(),
    socialUrl: text(),
    defaultAdministrationPeriod: text(),
    /** The source cited under contract details; the UI defaults to the national transparency platform. */
    dataSource: text(),
    about: jsonb().$type<AboutContent>().notNull().default({}),
    isDemo: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('organizations_name_key').on(sql`lower(${t.name})`).where(sql`deleted_at IS NULL`),
    index('organizations_created_at_idx').on(t.createdAt),
  ],
);
