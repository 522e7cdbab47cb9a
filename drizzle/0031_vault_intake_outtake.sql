CREATE TABLE "vault_intake_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"intake_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_intake_items" (
	"intake_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"received_at" timestamp with time zone,
	"received_by_id" uuid,
	"appraised_value_cents" bigint,
	CONSTRAINT "vault_intake_items_intake_id_card_id_pk" PRIMARY KEY("intake_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "vault_intakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'awaiting_arrival' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vault_intakes_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "vault_outtake_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outtake_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_outtake_items" (
	"outtake_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"value_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	CONSTRAINT "vault_outtake_items_outtake_id_card_id_pk" PRIMARY KEY("outtake_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "vault_outtakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"fee_cents" bigint NOT NULL,
	"invoice_id" uuid,
	"address" jsonb NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vault_outtakes_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "vault_intake_events" ADD CONSTRAINT "vault_intake_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_intake_events" ADD CONSTRAINT "vault_intake_events_intake_id_vault_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."vault_intakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_intake_items" ADD CONSTRAINT "vault_intake_items_intake_id_vault_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."vault_intakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_intake_items" ADD CONSTRAINT "vault_intake_items_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_intake_items" ADD CONSTRAINT "vault_intake_items_received_by_id_users_id_fk" FOREIGN KEY ("received_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_intakes" ADD CONSTRAINT "vault_intakes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_outtake_events" ADD CONSTRAINT "vault_outtake_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_outtake_events" ADD CONSTRAINT "vault_outtake_events_outtake_id_vault_outtakes_id_fk" FOREIGN KEY ("outtake_id") REFERENCES "public"."vault_outtakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_outtake_items" ADD CONSTRAINT "vault_outtake_items_outtake_id_vault_outtakes_id_fk" FOREIGN KEY ("outtake_id") REFERENCES "public"."vault_outtakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_outtake_items" ADD CONSTRAINT "vault_outtake_items_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_outtakes" ADD CONSTRAINT "vault_outtakes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_outtakes" ADD CONSTRAINT "vault_outtakes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vault_intake_events_intake_idx" ON "vault_intake_events" USING btree ("intake_id","seq");--> statement-breakpoint
CREATE INDEX "vault_intake_items_card_idx" ON "vault_intake_items" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "vault_intakes_owner_idx" ON "vault_intakes" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vault_intakes_status_idx" ON "vault_intakes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "vault_outtake_events_outtake_idx" ON "vault_outtake_events" USING btree ("outtake_id","seq");--> statement-breakpoint
CREATE INDEX "vault_outtake_items_card_idx" ON "vault_outtake_items" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "vault_outtakes_owner_idx" ON "vault_outtakes" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vault_outtakes_status_idx" ON "vault_outtakes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "vault_outtakes_invoice_idx" ON "vault_outtakes" USING btree ("invoice_id");