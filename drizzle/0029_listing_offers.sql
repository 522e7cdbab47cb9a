CREATE TABLE "listing_offer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"listing_offer_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"counter_cents" bigint,
	"agreed_cents" bigint,
	"message" text,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "min_offer_cents" bigint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "agreed_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "listing_offer_events" ADD CONSTRAINT "listing_offer_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_offer_events" ADD CONSTRAINT "listing_offer_events_listing_offer_id_listing_offers_id_fk" FOREIGN KEY ("listing_offer_id") REFERENCES "public"."listing_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_offers" ADD CONSTRAINT "listing_offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_offers" ADD CONSTRAINT "listing_offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_offers" ADD CONSTRAINT "listing_offers_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_offer_events_offer_idx" ON "listing_offer_events" USING btree ("listing_offer_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_offers_open_uq" ON "listing_offers" USING btree ("listing_id","buyer_id") WHERE "listing_offers"."status" in ('open', 'countered');--> statement-breakpoint
CREATE INDEX "listing_offers_listing_idx" ON "listing_offers" USING btree ("listing_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_offers_buyer_idx" ON "listing_offers" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_offers_expiry_idx" ON "listing_offers" USING btree ("expires_at") WHERE "listing_offers"."status" in ('open', 'countered');