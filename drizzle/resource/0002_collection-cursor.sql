ALTER TABLE "resource_stations" ADD COLUMN "collecting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resource_stations" ADD COLUMN "collected_page" integer DEFAULT 0 NOT NULL;