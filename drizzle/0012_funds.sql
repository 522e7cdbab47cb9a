CREATE TABLE "fund_allocations" (
	"onboarding_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"percent" integer NOT NULL,
	CONSTRAINT "fund_allocations_onboarding_id_fund_id_pk" PRIMARY KEY("onboarding_id","fund_id")
);
--> statement-breakpoint
CREATE TABLE "fund_holdings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"constituent_id" uuid,
	"acquired_from" text NOT NULL,
	"cost_basis_cents" bigint NOT NULL,
	"acquired_on" date NOT NULL,
	"disposed_on" date,
	"proceeds_cents" bigint,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holding_id" uuid NOT NULL,
	"marked_on" date NOT NULL,
	"value_cents" bigint NOT NULL,
	"note" text,
	"set_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" bigint,
	"units_micro" bigint,
	"note" text,
	"decision_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"amount_cents" bigint,
	"units_micro" bigint,
	"valuation_id" uuid,
	"dealt_on" date,
	"request_id" uuid,
	"onboarding_id" uuid,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_valuation_lines" (
	"valuation_id" uuid NOT NULL,
	"holding_id" uuid NOT NULL,
	"value_cents" bigint NOT NULL,
	"source" text NOT NULL,
	"marked_on" date,
	CONSTRAINT "fund_valuation_lines_valuation_id_holding_id_pk" PRIMARY KEY("valuation_id","holding_id")
);
--> statement-breakpoint
CREATE TABLE "fund_valuations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"valued_on" date NOT NULL,
	"holdings_value_cents" bigint NOT NULL,
	"cash_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"nav_cents" bigint NOT NULL,
	"units_micro" bigint NOT NULL,
	"nav_per_unit_cents" double precision NOT NULL,
	"subscriptions_cents" bigint NOT NULL,
	"redemptions_cents" bigint NOT NULL,
	"units_after_micro" bigint NOT NULL,
	"cash_after_cents" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"strategy" text DEFAULT '' NOT NULL,
	"documents" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"minimum_investment_cents" bigint NOT NULL,
	"management_fee_bps" integer DEFAULT 0 NOT NULL,
	"inception_date" date NOT NULL,
	"initial_unit_price_cents" bigint DEFAULT 10000 NOT NULL,
	"cash_cents" bigint DEFAULT 0 NOT NULL,
	"units_micro" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funds_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "fund_allocations" ADD CONSTRAINT "fund_allocations_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_allocations" ADD CONSTRAINT "fund_allocations_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_holdings" ADD CONSTRAINT "fund_holdings_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_holdings" ADD CONSTRAINT "fund_holdings_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_holdings" ADD CONSTRAINT "fund_holdings_constituent_id_index_constituents_id_fk" FOREIGN KEY ("constituent_id") REFERENCES "public"."index_constituents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_holdings" ADD CONSTRAINT "fund_holdings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_marks" ADD CONSTRAINT "fund_marks_holding_id_fund_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."fund_holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_marks" ADD CONSTRAINT "fund_marks_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transactions" ADD CONSTRAINT "fund_transactions_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transactions" ADD CONSTRAINT "fund_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transactions" ADD CONSTRAINT "fund_transactions_valuation_id_fund_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."fund_valuations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transactions" ADD CONSTRAINT "fund_transactions_request_id_fund_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."fund_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transactions" ADD CONSTRAINT "fund_transactions_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transactions" ADD CONSTRAINT "fund_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_valuation_lines" ADD CONSTRAINT "fund_valuation_lines_valuation_id_fund_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."fund_valuations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_valuation_lines" ADD CONSTRAINT "fund_valuation_lines_holding_id_fund_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."fund_holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_valuations" ADD CONSTRAINT "fund_valuations_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_valuations" ADD CONSTRAINT "fund_valuations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_holdings_fund_idx" ON "fund_holdings" USING btree ("fund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_holdings_live_card_uq" ON "fund_holdings" USING btree ("card_id") WHERE "fund_holdings"."disposed_on" is null;--> statement-breakpoint
CREATE INDEX "fund_marks_holding_idx" ON "fund_marks" USING btree ("holding_id","marked_on");--> statement-breakpoint
CREATE INDEX "fund_requests_fund_idx" ON "fund_requests" USING btree ("fund_id","status");--> statement-breakpoint
CREATE INDEX "fund_requests_user_idx" ON "fund_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fund_transactions_fund_idx" ON "fund_transactions" USING btree ("fund_id","status");--> statement-breakpoint
CREATE INDEX "fund_transactions_user_idx" ON "fund_transactions" USING btree ("user_id","fund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_transactions_onboarding_uq" ON "fund_transactions" USING btree ("onboarding_id","fund_id") WHERE "fund_transactions"."onboarding_id" is not null;--> statement-breakpoint
CREATE INDEX "fund_valuation_lines_holding_idx" ON "fund_valuation_lines" USING btree ("holding_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_valuations_fund_day_uq" ON "fund_valuations" USING btree ("fund_id","valued_on");--> statement-breakpoint
-- hand-written below
ALTER TABLE "funds" ADD CONSTRAINT "funds_cash_nonneg" CHECK ("cash_cents" >= 0);--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_units_nonneg" CHECK ("units_micro" >= 0);--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_minimum_positive" CHECK ("minimum_investment_cents" > 0 AND "initial_unit_price_cents" > 0);--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_fee_range" CHECK ("management_fee_bps" >= 0 AND "management_fee_bps" <= 1000);--> statement-breakpoint
ALTER TABLE "fund_holdings" ADD CONSTRAINT "fund_holdings_cost_positive" CHECK ("cost_basis_cents" > 0);--> statement-breakpoint
ALTER TABLE "fund_holdings" ADD CONSTRAINT "fund_holdings_disposal_whole" CHECK (("disposed_on" IS NULL) = ("proceeds_cents" IS NULL));--> statement-breakpoint
ALTER TABLE "fund_marks" ADD CONSTRAINT "fund_marks_value_nonneg" CHECK ("value_cents" >= 0);--> statement-breakpoint
ALTER TABLE "fund_allocations" ADD CONSTRAINT "fund_allocations_percent_range" CHECK ("percent" >= 1 AND "percent" <= 100);--> statement-breakpoint
ALTER TABLE "fund_transactions" ADD CONSTRAINT "fund_transactions_dealt_whole" CHECK (("status" = 'dealt') = ("valuation_id" IS NOT NULL AND "dealt_on" IS NOT NULL AND "units_micro" IS NOT NULL AND "amount_cents" IS NOT NULL));--> statement-breakpoint
CREATE FUNCTION fund_transactions_dealt_frozen() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'dealt' THEN RAISE EXCEPTION 'fund_transactions: a dealt transaction cannot be deleted'; END IF;
    RETURN OLD;
  END IF;
  IF OLD.status <> 'pending' THEN RAISE EXCEPTION 'fund_transactions: a % transaction cannot be changed', OLD.status; END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER fund_transactions_dealt_frozen BEFORE UPDATE OR DELETE ON "fund_transactions" FOR EACH ROW EXECUTE FUNCTION fund_transactions_dealt_frozen();
