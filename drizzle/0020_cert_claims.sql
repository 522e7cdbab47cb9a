CREATE TABLE "cert_claim_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cert_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"claimant_id" uuid NOT NULL,
	"holder_id" uuid NOT NULL,
	"grader" text NOT NULL,
	"cert_number" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"message" text,
	"decision_note" text,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"front_key" text NOT NULL,
	"front_content_type" text NOT NULL,
	"front_size_bytes" integer NOT NULL,
	"front_sha256" text NOT NULL,
	"back_key" text NOT NULL,
	"back_content_type" text NOT NULL,
	"back_size_bytes" integer NOT NULL,
	"back_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cert_claim_events" ADD CONSTRAINT "cert_claim_events_claim_id_cert_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."cert_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cert_claim_events" ADD CONSTRAINT "cert_claim_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cert_claims" ADD CONSTRAINT "cert_claims_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cert_claims" ADD CONSTRAINT "cert_claims_claimant_id_users_id_fk" FOREIGN KEY ("claimant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cert_claims" ADD CONSTRAINT "cert_claims_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cert_claims" ADD CONSTRAINT "cert_claims_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cert_claim_events_claim_idx" ON "cert_claim_events" USING btree ("claim_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "cert_claims_open_uq" ON "cert_claims" USING btree ("card_id","claimant_id") WHERE "cert_claims"."status" = 'open';--> statement-breakpoint
CREATE INDEX "cert_claims_status_idx" ON "cert_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "cert_claims_claimant_idx" ON "cert_claims" USING btree ("claimant_id","created_at" DESC NULLS LAST);