import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One member of a council (About page). */
export interface CouncilMemberValue {
  name: string;
  role: string;
}

/**
 * The association that runs the installation (About page, sign-in branding): one row for the
 * whole installation, written by GENERAL administrators. Until it exists, ABOUT_FILE's texts are
 * shown (decision 0022). An empty text reads 'Por definir...' on the public pages.
 */
export const associationTexts = pgTable(
  'association_texts',
  {
    /** Always true: the table holds at most one row. */
    singleton: boolean().primaryKey().default(true),
    name: text().notNull().default(''),
    address: text().notNull().default(''),
    email: text().notNull().default(''),
    website: text().notNull().default(''),
    about: text().notNull().default(''),
    mission: text().notNull().default(''),
    vision: text().notNull().default(''),
    values: text().notNull().default(''),
    directiveCouncil: jsonb().$type<CouncilMemberValue[]>().notNull().default([]),
    consultiveCouncil: jsonb().$type<CouncilMemberValue[]>().notNull().default([]),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('association_texts_single_row', sql`${t.singleton}`)],
);
