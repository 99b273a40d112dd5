CREATE TABLE "domain_check_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "domain_check_runs_one_per_host" ON "domain_check_runs" USING btree ("host") WHERE "domain_check_runs"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "domain_check_runs_host_started_idx" ON "domain_check_runs" USING btree ("host","started_at");