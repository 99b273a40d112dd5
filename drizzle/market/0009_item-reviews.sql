CREATE TABLE "market_item_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"content" text NOT NULL,
	"addr" text NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text DEFAULT '' NOT NULL,
	"hidden_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_review_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"reporter" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_user_downloads" (
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_user_downloads_user_id_app_id_pk" PRIMARY KEY("user_id","app_id")
);
--> statement-breakpoint
ALTER TABLE "market_apps" ADD COLUMN "rating" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_apps" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_item_reviews" ADD CONSTRAINT "market_item_reviews_app_id_market_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."market_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_item_reviews" ADD CONSTRAINT "market_item_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_item_reviews" ADD CONSTRAINT "market_item_reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_review_reports" ADD CONSTRAINT "market_review_reports_review_id_market_item_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."market_item_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_user_downloads" ADD CONSTRAINT "market_user_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_user_downloads" ADD CONSTRAINT "market_user_downloads_app_id_market_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."market_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_item_reviews_unique" ON "market_item_reviews" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "market_item_reviews_app_idx" ON "market_item_reviews" USING btree ("app_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "market_review_reports_unique" ON "market_review_reports" USING btree ("review_id","reporter");