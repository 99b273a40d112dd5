CREATE TABLE "resource_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"name" text NOT NULL,
	"player_code" text NOT NULL,
	"api_url" text NOT NULL,
	"site_url" text NOT NULL,
	"support_https" boolean DEFAULT false NOT NULL,
	"support_m3u8" boolean DEFAULT false NOT NULL,
	"support_player" boolean DEFAULT false NOT NULL,
	"toll" smallint DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"audited_at" timestamp with time zone,
	"auditor_id" integer,
	"probe_at" timestamp with time zone,
	"probe_ok" boolean DEFAULT false NOT NULL,
	"probe_format" text DEFAULT '' NOT NULL,
	"probe_total" integer DEFAULT 0 NOT NULL,
	"probe_classes" integer DEFAULT 0 NOT NULL,
	"probe_ms" integer DEFAULT 0 NOT NULL,
	"probe_error" text DEFAULT '' NOT NULL,
	"last_collected_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_tw" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"remote_id" text NOT NULL,
	"type_id" integer NOT NULL,
	"name" text NOT NULL,
	"en" text DEFAULT '' NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"actor" text DEFAULT '' NOT NULL,
	"director" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT '' NOT NULL,
	"year" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"play_from" text DEFAULT '' NOT NULL,
	"play_url" text DEFAULT '' NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource_stations" ADD CONSTRAINT "resource_stations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_stations" ADD CONSTRAINT "resource_stations_type_id_resource_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."resource_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_stations" ADD CONSTRAINT "resource_stations_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_videos" ADD CONSTRAINT "resource_videos_station_id_resource_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."resource_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_videos" ADD CONSTRAINT "resource_videos_type_id_resource_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."resource_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_stations_user_idx" ON "resource_stations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "resource_stations_status_idx" ON "resource_stations" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "resource_videos_station_remote_unique" ON "resource_videos" USING btree ("station_id","remote_id");--> statement-breakpoint
CREATE INDEX "resource_videos_updated_idx" ON "resource_videos" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "resource_videos_type_idx" ON "resource_videos" USING btree ("type_id","updated_at");--> statement-breakpoint
CREATE INDEX "resource_videos_name_idx" ON "resource_videos" USING btree (lower("name"));