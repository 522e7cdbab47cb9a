CREATE TABLE "card_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"asking_price_cents" bigint,
	"note" text,
	"admin_note" text,
	"listing_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"seller_id" uuid,
	"price_cents" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"featured_until" timestamp with time zone,
	"reserved_by" uuid,
	"reserved_until" timestamp with time zone,
	"invoice_id" uuid,
	"sold_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"admin_note" text,
	"featured_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"listing_id" uuid,
	"sell_offer_id" uuid,
	"invoice_id" uuid,
	"card_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid,
	"price_cents" bigint NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	"seller_proceeds_cents" bigint NOT NULL,
	"payout_status" text DEFAULT 'none' NOT NULL,
	"payout_paid_at" timestamp with time zone,
	"sold_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secure_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"listing_id" uuid,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"time_spent_seconds" integer,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sell_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price_cents" bigint NOT NULL,
	"counter_price_cents" bigint,
	"final_price_cents" bigint,
	"note" text,
	"admin_note" text,
	"sale_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_reserved_by_users_id_fk" FOREIGN KEY ("reserved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_status_history" ADD CONSTRAINT "market_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_requests" ADD CONSTRAINT "promotion_requests_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_requests" ADD CONSTRAINT "promotion_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_views" ADD CONSTRAINT "secure_views_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_views" ADD CONSTRAINT "secure_views_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_views" ADD CONSTRAINT "secure_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_offers" ADD CONSTRAINT "sell_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_offers" ADD CONSTRAINT "sell_offers_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_offers" ADD CONSTRAINT "sell_offers_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_requests_open_uq" ON "card_requests" USING btree ("card_id") WHERE "card_requests"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "card_requests_user_idx" ON "card_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "card_requests_status_idx" ON "card_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "listings_card_open_uq" ON "listings" USING btree ("card_id") WHERE "listings"."status" in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "listings_open_idx" ON "listings" USING btree ("featured_until" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "listings"."status" in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "listings_open_price_idx" ON "listings" USING btree ("price_cents") WHERE "listings"."status" in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "listings_reserved_idx" ON "listings" USING btree ("reserved_until") WHERE "listings"."status" = 'reserved';--> statement-breakpoint
CREATE INDEX "listings_seller_idx" ON "listings" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "market_status_history_record_idx" ON "market_status_history" USING btree ("record_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_requests_pending_uq" ON "promotion_requests" USING btree ("listing_id") WHERE "promotion_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "promotion_requests_status_idx" ON "promotion_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "promotion_requests_user_idx" ON "promotion_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sales_listing_uq" ON "sales" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_sell_offer_uq" ON "sales" USING btree ("sell_offer_id");--> statement-breakpoint
CREATE INDEX "sales_sold_at_idx" ON "sales" USING btree ("sold_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_buyer_idx" ON "sales" USING btree ("buyer_id","sold_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_seller_idx" ON "sales" USING btree ("seller_id","sold_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "secure_views_started_idx" ON "secure_views" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "secure_views_card_idx" ON "secure_views" USING btree ("card_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sell_offers_open_uq" ON "sell_offers" USING btree ("card_id") WHERE "sell_offers"."status" in ('pending', 'countered');--> statement-breakpoint
CREATE INDEX "sell_offers_user_idx" ON "sell_offers" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sell_offers_status_idx" ON "sell_offers" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written below
ALTER TABLE "listings" ADD CONSTRAINT "listings_price_ck" CHECK ("price_cents" > 0 AND "price_cents" <= 10000000000);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_reserved_ck" CHECK (("status" = 'reserved') = ("reserved_until" IS NOT NULL AND "reserved_by" IS NOT NULL AND "invoice_id" IS NOT NULL) OR "status" = 'sold');--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_source_ck" CHECK (("kind" = 'marketplace' AND "listing_id" IS NOT NULL) OR ("kind" = 'sell_offer' AND "sell_offer_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_price_ck" CHECK (("kind" = 'list') = ("asking_price_cents" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "sell_offers" ADD CONSTRAINT "sell_offers_price_ck" CHECK ("price_cents" > 0);--> statement-breakpoint
ALTER TABLE "secure_views" ADD CONSTRAINT "secure_views_time_ck" CHECK ("time_spent_seconds" IS NULL OR "time_spent_seconds" >= 1);
