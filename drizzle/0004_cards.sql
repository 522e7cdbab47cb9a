CREATE TABLE "card_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" uuid,
	"impersonator_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"grader" text NOT NULL,
	"cert_number" text,
	"grade" text,
	"grade_value" real,
	"year" integer NOT NULL,
	"brand" text NOT NULL,
	"subject" text NOT NULL,
	"card_number" text,
	"variety" text,
	"sport" text NOT NULL,
	"estimated_value_cents" bigint DEFAULT 0 NOT NULL,
	"custody" text DEFAULT 'with_owner' NOT NULL,
	"needs_review" boolean DEFAULT false NOT NULL,
	"front_full_key" text,
	"front_thumb_key" text,
	"front_image_at" timestamp with time zone,
	"back_full_key" text,
	"back_thumb_key" text,
	"back_image_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce("cards"."subject", '') || ' ' || coalesce("cards"."brand", '') || ' ' || coalesce("cards"."variety", '') || ' ' || coalesce("cards"."cert_number", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "psa_certs" (
	"cert_number" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_events_card_idx" ON "card_events" USING btree ("card_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_live_cert_uq" ON "cards" USING btree ("grader","cert_number") WHERE "cards"."deleted_at" is null and "cards"."cert_number" is not null;--> statement-breakpoint
CREATE INDEX "cards_owner_live_idx" ON "cards" USING btree ("owner_id","created_at" DESC NULLS LAST) WHERE "cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cards_live_created_idx" ON "cards" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cards_cert_idx" ON "cards" USING btree ("cert_number");--> statement-breakpoint
CREATE INDEX "cards_search_idx" ON "cards" USING gin ("search");--> statement-breakpoint
CREATE FUNCTION "card_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'card_events is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "card_events_no_update_or_delete" BEFORE UPDATE OR DELETE ON "card_events" FOR EACH ROW EXECUTE FUNCTION "card_events_append_only"();
