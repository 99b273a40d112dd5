CREATE TABLE "market_download_clients" (
	"version_id" integer NOT NULL,
	"day" date NOT NULL,
	"client" text NOT NULL,
	CONSTRAINT "market_download_clients_version_id_day_client_pk" PRIMARY KEY("version_id","day","client")
);
--> statement-breakpoint
CREATE TABLE "market_download_days" (
	"app_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"day" date NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"uniques" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "market_download_days_app_id_version_id_day_pk" PRIMARY KEY("app_id","version_id","day")
);
--> statement-breakpoint
CREATE TABLE "market_download_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"version_id" integer,
	"version" text NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer,
	"client" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_download_clients" ADD CONSTRAINT "market_download_clients_version_id_market_app_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."market_app_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_download_days" ADD CONSTRAINT "market_download_days_app_id_market_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."market_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_download_days" ADD CONSTRAINT "market_download_days_version_id_market_app_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."market_app_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_download_tickets" ADD CONSTRAINT "market_download_tickets_version_id_market_app_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."market_app_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_feedback" ADD CONSTRAINT "market_feedback_app_id_market_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."market_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_feedback" ADD CONSTRAINT "market_feedback_version_id_market_app_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."market_app_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_feedback" ADD CONSTRAINT "market_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_download_days_day_idx" ON "market_download_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "market_download_tickets_expiry_idx" ON "market_download_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "market_feedback_app_idx" ON "market_feedback" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "market_versions_package_idx" ON "market_app_versions" USING btree ("package_key");--> statement-breakpoint
CREATE INDEX "market_apps_released_idx" ON "market_apps" USING btree ("kind","released_version_id");