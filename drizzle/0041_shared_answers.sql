CREATE TABLE "shared_answers" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"body" text,
	"claimed_until" timestamp with time zone,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "shared_answers_stored_at_idx" ON "shared_answers" USING btree ("stored_at");