CREATE TABLE "index_constituents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player" text NOT NULL,
	"year" integer NOT NULL,
	"set" text NOT NULL,
	"card_number" text NOT NULL,
	"variety" text,
	"grader" text NOT NULL,
	"grade" real NOT NULL,
	"sport" text NOT NULL,
	"retired_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_divisor_log" (
	"seq" integer PRIMARY KEY NOT NULL,
	"effective_on" date NOT NULL,
	"reason" text NOT NULL,
	"old_divisor" double precision,
	"new_divisor" double precision NOT NULL,
	"level" double precision NOT NULL,
	"added" jsonb NOT NULL,
	"removed" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_levels" (
	"day" date PRIMARY KEY NOT NULL,
	"level" double precision NOT NULL,
	"divisor" double precision NOT NULL,
	"members" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_members" (
	"constituent_id" uuid PRIMARY KEY NOT NULL,
	"weight" double precision NOT NULL,
	"since" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"effective_on" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"constituent_id" uuid NOT NULL,
	"observed_on" date NOT NULL,
	"price_cents" bigint NOT NULL,
	"source" text NOT NULL,
	"sale_ref" text,
	"dedupe_key" text NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "index_members" ADD CONSTRAINT "index_members_constituent_id_index_constituents_id_fk" FOREIGN KEY ("constituent_id") REFERENCES "public"."index_constituents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_reviews" ADD CONSTRAINT "index_reviews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_observations" ADD CONSTRAINT "price_observations_constituent_id_index_constituents_id_fk" FOREIGN KEY ("constituent_id") REFERENCES "public"."index_constituents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_observations" ADD CONSTRAINT "price_observations_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "index_constituents_identity_uq" ON "index_constituents" USING btree (lower("player"),"year",lower("set"),lower("card_number"),lower(coalesce("variety", '')),"grader","grade");--> statement-breakpoint
CREATE UNIQUE INDEX "price_observations_dedupe_uq" ON "price_observations" USING btree ("constituent_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "price_observations_constituent_day_idx" ON "price_observations" USING btree ("constituent_id","observed_on");--> statement-breakpoint
-- hand-written below
ALTER TABLE "price_observations" ADD CONSTRAINT "price_observations_price_positive" CHECK ("price_cents" > 0);

