CREATE TABLE "price_alert_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"alert_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alert_firings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"listing_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"constituent_id" uuid,
	"query" jsonb,
	"above_cents" bigint,
	"below_cents" bigint,
	"new_listings" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'armed' NOT NULL,
	"fired_side" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_alert_events" ADD CONSTRAINT "price_alert_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alert_events" ADD CONSTRAINT "price_alert_events_alert_id_price_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alert_firings" ADD CONSTRAINT "price_alert_firings_alert_id_price_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alert_firings" ADD CONSTRAINT "price_alert_firings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_constituent_id_index_constituents_id_fk" FOREIGN KEY ("constituent_id") REFERENCES "public"."index_constituents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alert_events_alert_idx" ON "price_alert_events" USING btree ("alert_id","at");--> statement-breakpoint
CREATE INDEX "price_alert_firings_alert_idx" ON "price_alert_firings" USING btree ("alert_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "price_alert_firings_listing_uq" ON "price_alert_firings" USING btree ("alert_id","listing_id");--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "price_alerts_constituent_idx" ON "price_alerts" USING btree ("constituent_id") WHERE status <> 'removed';--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_user_constituent_uq" ON "price_alerts" USING btree ("user_id","constituent_id") WHERE status <> 'removed' and constituent_id is not null;