CREATE TABLE "file_chunks" (
	"content_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_content_id_seq_pk" PRIMARY KEY("content_id","seq")
);
--> statement-breakpoint
CREATE TABLE "file_contents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sha256" text,
	"mime_type" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "content_id" uuid;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_content_id_file_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."file_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_contents_sha256_mime_idx" ON "file_contents" USING btree ("sha256","mime_type");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_content_id_file_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."file_contents"("id") ON DELETE no action ON UPDATE no action;