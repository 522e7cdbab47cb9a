ALTER TABLE "cards" ADD COLUMN "hold_kind" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "hold_ref" uuid;--> statement-breakpoint
-- hand-written below
ALTER TABLE "cards" ADD CONSTRAINT "cards_hold_both_or_neither" CHECK (("hold_kind" IS NULL) = ("hold_ref" IS NULL));
