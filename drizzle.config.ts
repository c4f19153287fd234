import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and applied by the app at start (src/server/db/migrate.ts).
// DRIZZLE_OUT lets `npm run db:check` generate into a scratch copy to detect drift.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: process.env.DRIZZLE_OUT ?? './drizzle',
  casing: 'snake_case',
  strict: true,
});
