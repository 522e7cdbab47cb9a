CREATE TABLE "card_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"card_request_id" uuid NOT NULL
);--> statement-breakpoint
CREATE TABLE "listing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"listing_id" uuid NOT NULL
);--> statement-breakpoint
CREATE TABLE "promotion_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"promotion_request_id" uuid NOT NULL
);--> statement-breakpoint
CREATE TABLE "sell_offer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"sell_offer_id" uuid NOT NULL
);--> statement-breakpoint
ALTER TABLE "card_request_events" ADD CONSTRAINT "card_request_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_request_events" ADD CONSTRAINT "card_request_events_card_request_id_card_requests_id_fk" FOREIGN KEY ("card_request_id") REFERENCES "public"."card_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_request_events" ADD CONSTRAINT "promotion_request_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_request_events" ADD CONSTRAINT "promotion_request_events_promotion_request_id_promotion_requests_id_fk" FOREIGN KEY ("promotion_request_id") REFERENCES "public"."promotion_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_offer_events" ADD CONSTRAINT "sell_offer_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_offer_events" ADD CONSTRAINT "sell_offer_events_sell_offer_id_sell_offers_id_fk" FOREIGN KEY ("sell_offer_id") REFERENCES "public"."sell_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_request_events_request_idx" ON "card_request_events" USING btree ("card_request_id","seq");--> statement-breakpoint
CREATE INDEX "listing_events_listing_idx" ON "listing_events" USING btree ("listing_id","seq");--> statement-breakpoint
CREATE INDEX "promotion_request_events_request_idx" ON "promotion_request_events" USING btree ("promotion_request_id","seq");--> statement-breakpoint
CREATE INDEX "sell_offer_events_offer_idx" ON "sell_offer_events" USING btree ("sell_offer_id","seq");--> statement-breakpoint
-- Decision 136: the onboarding histories take the shared shape (at, note, seq in insertion order).
ALTER TABLE "onboarding_events" RENAME COLUMN "created_at" TO "at";--> statement-breakpoint
ALTER TABLE "onboarding_events" ADD COLUMN "note" text;--> statement-breakpoint
CREATE SEQUENCE "onboarding_events_seq_seq";--> statement-breakpoint
ALTER TABLE "onboarding_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "onboarding_events" e SET "seq" = o.n FROM (SELECT "id", row_number() OVER (ORDER BY "at", "id") AS n FROM "onboarding_events") o WHERE o."id" = e."id";--> statement-breakpoint
SELECT setval('"onboarding_events_seq_seq"', coalesce((SELECT max("seq") FROM "onboarding_events"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "onboarding_events" ALTER COLUMN "seq" SET DEFAULT nextval('"onboarding_events_seq_seq"');--> statement-breakpoint
ALTER TABLE "onboarding_events" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "onboarding_events_seq_seq" OWNED BY "onboarding_events"."seq";--> statement-breakpoint
DROP INDEX "onboarding_events_onboarding_idx";--> statement-breakpoint
CREATE INDEX "onboarding_events_onboarding_idx" ON "onboarding_events" USING btree ("onboarding_id","seq");--> statement-breakpoint
ALTER TABLE "manager_consent_events" RENAME COLUMN "created_at" TO "at";--> statement-breakpoint
ALTER TABLE "manager_consent_events" ADD COLUMN "note" text;--> statement-breakpoint
CREATE SEQUENCE "manager_consent_events_seq_seq";--> statement-breakpoint
ALTER TABLE "manager_consent_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "manager_consent_events" e SET "seq" = o.n FROM (SELECT "id", row_number() OVER (ORDER BY "at", "id") AS n FROM "manager_consent_events") o WHERE o."id" = e."id";--> statement-breakpoint
SELECT setval('"manager_consent_events_seq_seq"', coalesce((SELECT max("seq") FROM "manager_consent_events"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "manager_consent_events" ALTER COLUMN "seq" SET DEFAULT nextval('"manager_consent_events_seq_seq"');--> statement-breakpoint
ALTER TABLE "manager_consent_events" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "manager_consent_events_seq_seq" OWNED BY "manager_consent_events"."seq";--> statement-breakpoint
DROP INDEX "manager_consent_events_onboarding_idx";--> statement-breakpoint
CREATE INDEX "manager_consent_events_onboarding_idx" ON "manager_consent_events" USING btree ("onboarding_id","seq");--> statement-breakpoint
-- market_status_history splits into one table per aggregate, in its own order.
INSERT INTO "listing_events" ("id", "listing_id", "from_status", "to_status", "note", "actor_id", "at") SELECT "id", "record_id", "from_status", "to_status", "note", "actor_id", "at" FROM "market_status_history" WHERE "record_kind" = 'listing' ORDER BY "seq";--> statement-breakpoint
INSERT INTO "card_request_events" ("id", "card_request_id", "from_status", "to_status", "note", "actor_id", "at") SELECT "id", "record_id", "from_status", "to_status", "note", "actor_id", "at" FROM "market_status_history" WHERE "record_kind" = 'card_request' ORDER BY "seq";--> statement-breakpoint
INSERT INTO "sell_offer_events" ("id", "sell_offer_id", "from_status", "to_status", "note", "actor_id", "at") SELECT "id", "record_id", "from_status", "to_status", "note", "actor_id", "at" FROM "market_status_history" WHERE "record_kind" = 'sell_offer' ORDER BY "seq";--> statement-breakpoint
INSERT INTO "promotion_request_events" ("id", "promotion_request_id", "from_status", "to_status", "note", "actor_id", "at") SELECT "id", "record_id", "from_status", "to_status", "note", "actor_id", "at" FROM "market_status_history" WHERE "record_kind" = 'promotion_request' ORDER BY "seq";--> statement-breakpoint
DROP TABLE "market_status_history" CASCADE;
