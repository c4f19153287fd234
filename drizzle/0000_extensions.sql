-- Extensions for accent- and case-insensitive search (both ship with PostgreSQL contrib and PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (it reads a dictionary), so it cannot back an index or a generated column.
-- This wrapper names the function and its dictionary with their schema, which makes it safe to declare
-- IMMUTABLE. The schema is looked up because a server may keep extensions outside "public".
DO $$
DECLARE
  ext_schema text;
BEGIN
  SELECT n.nspname INTO ext_schema
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
  WHERE e.extname = 'unaccent';
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS %L',
    format('SELECT %I.unaccent(%L::regdictionary, $1)', ext_schema, quote_ident(ext_schema) || '.unaccent')
  );
END
$$;
