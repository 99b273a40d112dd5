ALTER TABLE "market_app_versions" ADD COLUMN "name_tokens" text[];--> statement-breakpoint
ALTER TABLE "market_app_versions" ADD COLUMN "text_tokens" text[];