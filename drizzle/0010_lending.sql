CREATE TABLE "loan_collateral" (
	"loan_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"value_at_application_cents" bigint NOT NULL,
	CONSTRAINT "loan_collateral_loan_id_card_id_pk" PRIMARY KEY("loan_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "loan_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"loan_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_installments" (
	"loan_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"payment_cents" bigint NOT NULL,
	"interest_cents" bigint NOT NULL,
	"principal_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"invoice_id" uuid,
	"paid_at" timestamp with time zone,
	CONSTRAINT "loan_installments_loan_id_number_pk" PRIMARY KEY("loan_id","number")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"borrower_id" uuid NOT NULL,
	"amount_requested_cents" bigint NOT NULL,
	"term_months" integer NOT NULL,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"offered_amount_cents" bigint,
	"offered_term_months" integer,
	"apr_bps" integer,
	"ltv_at_offer_bps" integer,
	"offer_expires_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"funded_at" timestamp with time zone,
	"funded_on" date,
	"maturity_date" date,
	"outstanding_principal_cents" bigint DEFAULT 0 NOT NULL,
	"origination_invoice_id" uuid,
	"payoff_invoice_id" uuid,
	"notes" text,
	"rejection_reason" text,
	"reviewer_id" uuid,
	"paid_at" timestamp with time zone,
	"paid_reference" text,
	"defaulted_at" timestamp with time zone,
	"collateral_taken_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_collateral" ADD CONSTRAINT "loan_collateral_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_collateral" ADD CONSTRAINT "loan_collateral_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_installments" ADD CONSTRAINT "loan_installments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_installments" ADD CONSTRAINT "loan_installments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_borrower_id_users_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_origination_invoice_id_invoices_id_fk" FOREIGN KEY ("origination_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_payoff_invoice_id_invoices_id_fk" FOREIGN KEY ("payoff_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_collateral_card_idx" ON "loan_collateral" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "loan_events_loan_idx" ON "loan_events" USING btree ("loan_id","at");--> statement-breakpoint
CREATE INDEX "loan_installments_due_idx" ON "loan_installments" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "loan_installments_invoice_idx" ON "loan_installments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "loans_borrower_idx" ON "loans" USING btree ("borrower_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written below
ALTER TABLE "loans" ADD CONSTRAINT "loans_amounts_positive" CHECK ("amount_requested_cents" > 0 AND ("offered_amount_cents" IS NULL OR "offered_amount_cents" > 0) AND "outstanding_principal_cents" >= 0);--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_terms" CHECK ("term_months" IN (3, 6, 12) AND ("offered_term_months" IS NULL OR "offered_term_months" IN (3, 6, 12)));--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_apr_range" CHECK ("apr_bps" IS NULL OR ("apr_bps" >= 0 AND "apr_bps" <= 10000));--> statement-breakpoint
ALTER TABLE "loan_installments" ADD CONSTRAINT "loan_installments_amounts" CHECK ("payment_cents" = "interest_cents" + "principal_cents" AND "principal_cents" >= 0 AND "interest_cents" >= 0 AND "balance_after_cents" >= 0);--> statement-breakpoint
CREATE UNIQUE INDEX "loan_installments_invoice_unique" ON "loan_installments" ("invoice_id") WHERE "invoice_id" IS NOT NULL;
