import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RetrieveQuerySchema, RetrieveResponseSchema } from '../../../shared/schemas/catalogues';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { administrativeUnits, suppliers } from '../../db/schema';
import { containsPattern } from '../../lib/sql';

/** How many choices a picker shows at once: typing narrows them. */
export const PICKER_LIMIT = 50;
const folded = (column: PgColumn) => sql`lower(immutable_unaccent(${column}))`;

/** The chosen row first (an edited contract shows its value whatever the search), then the matches. */
function withChosen<T extends { _id: string }>(chosen: T[], found: T[]): T[] {
  return [...chosen, ...found.filter((row) => !chosen.some((one) => one._id === row._id))];
}

/**
 * The contract form's pickers (spec: GET /api/contracts/retrieve/suppliers and
 * /retrieve/administrative-units): the current monitor's rows by name, at most 50, plus the one
 * already chosen so an edited contract shows its value.
 */
export const contractPickerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['catalogues'];
  const { db } = app.deps.database;

  app.get(
    '/retrieve/suppliers',
    {
      schema: {
        tags,
        summary: 'Suppliers of the current monitor for the contract form (name or RFC, at most 50)',
        headers: OrganizationHeaderSchema,
        querystring: RetrieveQuerySchema,
        response: { 200: RetrieveResponseSchema },
      },
    },
    async (request) => {
      const { search, include } = request.query;
      const live = and(eq(suppliers.organizationId, request.organization!.id), isNull(suppliers.deletedAt));
      const matches: SQL | undefined = search
        ? or(
            sql`${suppliers.searchName} LIKE ${containsPattern(search)}`,
            sql`lower(coalesce(${suppliers.rfc}, '')) LIKE ${containsPattern(search)}`,
          )
        : undefined;
      const columns = { _id: suppliers.id, name: suppliers.name, rfc: suppliers.rfc };
      const [chosen, found] = await Promise.all([
        include
          ? db
              .select(columns)
              .from(suppliers)
              .where(and(live, eq(suppliers.id, include)))
          : [],
        db
          .select(columns)
          .from(suppliers)
          .where(and(live, matches))
          .orderBy(asc(suppliers.name))
          .limit(PICKER_LIMIT),
      ]);
      return { error: false as const, message: '', data: { docs: withChosen(chosen, found) } };
    },
  );

  app.get(
    '/retrieve/administrative-units',
    {
      schema: {
        tags,
        summary: 'Administrative units of the current monitor for the contract form (at most 50)',
        headers: OrganizationHeaderSchema,
        querystring: RetrieveQuerySchema,
        response: { 200: RetrieveResponseSchema },
      },
    },
    async (request) => {
      const { search, include } = request.query;
      const live = and(
        eq(administrativeUnits.organizationId, request.organization!.id),
        isNull(administrativeUnits.deletedAt),
      );
      const matches = search
        ? sql`${folded(administrativeUnits.name)} LIKE ${containsPattern(search)}`
        : undefined;
      const columns = { _id: administrativeUnits.id, name: administrativeUnits.name };
      const [chosen, found] = await Promise.all([
        include
          ? db
              .select(columns)
              .from(administrativeUnits)
              .where(and(live, eq(administrativeUnits.id, include)))
          : [],
        db
          .select(columns)
          .from(administrativeUnits)
          .where(and(live, matches))
          .orderBy(asc(administrativeUnits.name))
          .limit(PICKER_LIMIT),
      ]);
      return { error: false as const, message: '', data: { docs: withChosen(chosen, found) } };
    },
  );
};
