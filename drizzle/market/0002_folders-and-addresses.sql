ALTER TABLE "market_apps" ADD COLUMN "folder" text;--> statement-breakpoint
ALTER TABLE "market_download_clients" ADD COLUMN "addr" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "market_apps" SET "folder" = v."folder" FROM "market_app_versions" v WHERE v."id" = "market_apps"."latest_version_id";--> statement-breakpoint
CREATE UNIQUE INDEX "market_apps_folder_unique" ON "market_apps" USING btree ("kind",lower("folder"));--> statement-breakpoint
CREATE INDEX "market_download_clients_addr_idx" ON "market_download_clients" USING btree ("version_id","day","addr");