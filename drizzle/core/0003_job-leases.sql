ALTER TABLE "job_runs" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "last_node" text;