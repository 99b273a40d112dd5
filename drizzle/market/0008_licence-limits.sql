CREATE TABLE "market_auth_code_sites" (
	"code_id" integer NOT NULL,
	"host" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_auth_code_sites_code_id_host_pk" PRIMARY KEY("code_id","host")
);
--> statement-breakpoint
ALTER TABLE "market_apps" ADD COLUMN "how_to_buy" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "market_auth_codes" ADD COLUMN "max_sites" integer;--> statement-breakpoint
ALTER TABLE "market_auth_codes" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market_auth_codes" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market_auth_code_sites" ADD CONSTRAINT "market_auth_code_sites_code_id_market_auth_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."market_auth_codes"("id") ON DELETE cascade ON UPDATE no action;