-- Issue 30: what a format-28 row keeps beside the template's cells (its sub-tables, executing area
-- and contract type), with or without errors, so that the validations download carries it and a
-- corrected file loads back whole.
ALTER TABLE "data_load_rows" ADD COLUMN "extra" jsonb;