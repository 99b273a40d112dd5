CREATE TABLE "market_app_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"describe" text NOT NULL,
	"support_version" text DEFAULT '' NOT NULL,
	"system_version" text DEFAULT '' NOT NULL,
	"device" smallint DEFAULT 0 NOT NULL,
	"toll" smallint DEFAULT 0 NOT NULL,
	"langs" integer DEFAULT 1 NOT NULL,
	"qq" text DEFAULT '' NOT NULL,
	"wechat" text DEFAULT '' NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"user_domain" text DEFAULT '' NOT NULL,
	"package_key" text NOT NULL,
	"package_name" text NOT NULL,
	"package_size" integer NOT NULL,
	"folder" text NOT NULL,
	"pc_image" text NOT NULL,
	"pc_preview" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"h5_image" text DEFAULT '' NOT NULL,
	"h5_preview" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report" jsonb NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"download_num" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_at" timestamp with time zone,
	"auditor_id" integer,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"latest_version_id" integer,
	"released_version_id" integer,
	"download_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_audit_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"status" smallint NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_auth_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"code" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"folder" text DEFAULT '' NOT NULL,
	"report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_app_versions" ADD CONSTRAINT "market_app_versions_app_id_market_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."market_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_app_versions" ADD CONSTRAINT "market_app_versions_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_apps" ADD CONSTRAINT "market_apps_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_audit_records" ADD CONSTRAINT "market_audit_records_app_id_market_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."market_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_audit_records" ADD CONSTRAINT "market_audit_records_version_id_market_app_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."market_app_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_audit_records" ADD CONSTRAINT "market_audit_records_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_auth_codes" ADD CONSTRAINT "market_auth_codes_app_id_market_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."market_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_uploads" ADD CONSTRAINT "market_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_versions_app_idx" ON "market_app_versions" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "market_versions_queue_idx" ON "market_app_versions" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "market_apps_owner_idx" ON "market_apps" USING btree ("owner_id","kind");--> statement-breakpoint
CREATE INDEX "market_audit_app_idx" ON "market_audit_records" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "market_auth_codes_code_unique" ON "market_auth_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "market_auth_codes_app_idx" ON "market_auth_codes" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "market_uploads_user_idx" ON "market_uploads" USING btree ("user_id");