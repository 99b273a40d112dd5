CREATE TABLE "domain_file_texts" (
	"sha256" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_release_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"edition" text NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"path" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_release_index" (
	"release_id" integer PRIMARY KEY NOT NULL,
	"files" integer NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_release_files" ADD CONSTRAINT "domain_release_files_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_release_index" ADD CONSTRAINT "domain_release_index_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domain_release_files_release_path_unique" ON "domain_release_files" USING btree ("release_id","path");--> statement-breakpoint
CREATE INDEX "domain_release_files_path_idx" ON "domain_release_files" USING btree ("path","sha256");