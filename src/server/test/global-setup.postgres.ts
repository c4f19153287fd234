import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

/**
 * Migrates a template database on the PostgreSQL server named by TEST_DATABASE_URL; each test
 * file then gets a fresh copy (CREATE DATABASE … TEMPLATE), dropped when it ends.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const template = `vigia_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolMax: 2 });
  await migrateDatabase(database);
  await database.close();
  project.provide('postgresTemplate', template);

  return async () => {
    // The test databases are copies named after the template (test-app.ts); a file drops its own
    // without waiting, so those a worker's exit cut short are dropped here, then the template.
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${template}\\_%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}
