CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"token" text NOT NULL,
	"token_hash" text NOT NULL,
	"label" text,
	"show_owner_name" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "share_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"visitor_hash" text NOT NULL,
	"referrer_host" text,
	"country" text,
	"is_bot" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_views" ADD CONSTRAINT "share_views_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_uq" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_card_idx" ON "share_links" USING btree ("card_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "share_views_visitor_hour_uq" ON "share_views" USING btree ("link_id","visitor_hash","hour");--> statement-breakpoint
CREATE INDEX "share_views_at_idx" ON "share_views" USING btree ("at");--> statement-breakpoint
CREATE INDEX "share_views_link_at_idx" ON "share_views" USING btree ("link_id","at");