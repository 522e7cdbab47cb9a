CREATE TABLE "reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"ledger_payments_cents" bigint DEFAULT 0 NOT NULL,
	"ledger_refunds_cents" bigint DEFAULT 0 NOT NULL,
	"provider_payments_cents" bigint DEFAULT 0 NOT NULL,
	"provider_refunds_cents" bigint DEFAULT 0 NOT NULL,
	"matched_count" bigint DEFAULT 0 NOT NULL,
	"paired_by_amount_count" bigint DEFAULT 0 NOT NULL,
	"mismatches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"ran_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_ran_by_users_id_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliations_day_idx" ON "reconciliations" USING btree ("day","created_at");