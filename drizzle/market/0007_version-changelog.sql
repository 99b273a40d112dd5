-- Each version carries what changed in it, written by its developer and shown on the item page.
ALTER TABLE "market_app_versions" ADD COLUMN "changelog" text DEFAULT '' NOT NULL;
