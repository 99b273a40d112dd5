CREATE TABLE "market_known_files" (
	"release_id" integer NOT NULL,
	"path" text NOT NULL,
	"sha256" text NOT NULL,
	"lines" text,
	CONSTRAINT "market_known_files_release_id_path_pk" PRIMARY KEY("release_id","path")
);
--> statement-breakpoint
CREATE TABLE "market_known_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"library" text NOT NULL,
	"version" text NOT NULL,
	"files" integer NOT NULL,
	"imported_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_known_files" ADD CONSTRAINT "market_known_files_release_id_market_known_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."market_known_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_known_releases" ADD CONSTRAINT "market_known_releases_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_known_releases_unique" ON "market_known_releases" USING btree ("library","version");