-- The index held static files only and is derived data: it is emptied and every release package is
-- read again, every file this time, at the first check that needs it (ensureReleasesIndexed).
DELETE FROM "domain_release_files";--> statement-breakpoint
DELETE FROM "domain_release_index";--> statement-breakpoint
CREATE TABLE "domain_file_lines" (
	"known" text PRIMARY KEY NOT NULL,
	"lines" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_release_files" ALTER COLUMN "sha256" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_release_files" ADD COLUMN "site" text;--> statement-breakpoint
ALTER TABLE "domain_release_files" ADD COLUMN "known" text NOT NULL;
