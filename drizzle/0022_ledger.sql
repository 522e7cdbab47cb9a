CREATE TABLE "ledger_accounts" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"cause_type" text NOT NULL,
	"cause_id" text NOT NULL,
	"memo" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"reverses_entry_id" uuid,
	"actor_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_usd" CHECK ("ledger_entries"."currency" = 'USD')
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_code" text NOT NULL,
	"debit_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	"memo" text,
	"related_kind" text,
	"related_id" text,
	"invoice_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_lines_one_side" CHECK ("ledger_lines"."debit_cents" >= 0 and "ledger_lines"."credit_cents" >= 0 and ("ledger_lines"."debit_cents" = 0) <> ("ledger_lines"."credit_cents" = 0))
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_code_ledger_accounts_code_fk" FOREIGN KEY ("account_code") REFERENCES "public"."ledger_accounts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_key_uq" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reverses_uq" ON "ledger_entries" USING btree ("reverses_entry_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_occurred_idx" ON "ledger_entries" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account_code","occurred_at");--> statement-breakpoint
CREATE INDEX "ledger_lines_invoice_idx" ON "ledger_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable: post a reversing entry instead' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_immutable" BEFORE UPDATE OR DELETE ON "ledger_lines" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_no_truncate" BEFORE TRUNCATE ON "ledger_lines" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "name", "kind") VALUES
  ('member_receivable', 'Member receivable', 'asset'),
  ('provider_clearing', 'Payment provider clearing', 'asset'),
  ('platform_cash', 'Platform cash', 'asset'),
  ('loan_principal_receivable', 'Loan principal receivable', 'asset'),
  ('house_inventory', 'Cards bought by the house', 'asset'),
  ('seller_payable', 'Seller payable', 'liability'),
  ('fee_income', 'Fee income', 'income'),
  ('interest_income', 'Interest income', 'income'),
  ('membership_income', 'Membership income', 'income'),
  ('house_sales_income', 'House card sales', 'income'),
  ('refunds', 'Refunds', 'contra_income');
