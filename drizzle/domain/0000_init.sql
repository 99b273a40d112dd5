CREATE TABLE "domain_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"injected" boolean NOT NULL,
	"result" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"content" text NOT NULL,
	"client_ip" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"corpus_hits" jsonb,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"sample_id" integer,
	"title" text NOT NULL,
	"severity" text NOT NULL,
	"literal" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'clean' NOT NULL,
	"clean_streak" integer DEFAULT 0 NOT NULL,
	"ever_injected" boolean DEFAULT false NOT NULL,
	"infected_at" timestamp with time zone,
	"repaired_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_checks" ADD CONSTRAINT "domain_checks_site_id_domain_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."domain_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_samples" ADD CONSTRAINT "domain_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_samples" ADD CONSTRAINT "domain_samples_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_signatures" ADD CONSTRAINT "domain_signatures_sample_id_domain_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."domain_samples"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_checks_site_idx" ON "domain_checks" USING btree ("site_id","checked_at");--> statement-breakpoint
CREATE INDEX "domain_samples_status_idx" ON "domain_samples" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "domain_signatures_literal_unique" ON "domain_signatures" USING btree (lower("literal"));--> statement-breakpoint
CREATE UNIQUE INDEX "domain_sites_host_unique" ON "domain_sites" USING btree ("host");--> statement-breakpoint
CREATE INDEX "domain_sites_next_check_idx" ON "domain_sites" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "domain_sites_infected_idx" ON "domain_sites" USING btree ("infected_at");