-- Hand-written: moves the bytes of every stored file into the file store's contents and chunks.
-- One content per distinct (sha256, type), keeping the id of the oldest file with those bytes;
-- its bytes cut into chunks of 512 KiB (the store's chunk size; readers do not depend on it).
INSERT INTO "file_contents" ("id", "sha256", "mime_type", "size", "created_at")
SELECT DISTINCT ON ("sha256", "mime_type") "id", "sha256", "mime_type", octet_length("data"), "created_at"
FROM "files"
ORDER BY "sha256", "mime_type", "id";
--> statement-breakpoint
INSERT INTO "file_chunks" ("content_id", "seq", "data")
SELECT c."id", s."seq", substring(f."data" FROM s."seq" * 524288 + 1 FOR 524288)
FROM "file_contents" c
JOIN "files" f ON f."id" = c."id"
CROSS JOIN LATERAL generate_series(0, ceil(octet_length(f."data") / 524288.0)::integer - 1) AS s("seq");
--> statement-breakpoint
UPDATE "files" f
SET "content_id" = c."id"
FROM "file_contents" c
WHERE c."sha256" = f."sha256" AND c."mime_type" = f."mime_type";
