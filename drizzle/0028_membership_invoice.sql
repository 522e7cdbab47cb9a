ALTER TABLE "subscriptions" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Existing memberships: the paid membership invoice settled at the moment the membership began.
UPDATE "subscriptions" s SET "invoice_id" = i."id"
FROM "invoices" i
WHERE i."related_kind" = 'subscription' AND i."related_id" = s."plan_id"::text AND i."user_id" = s."user_id"
  AND i."status" = 'paid' AND i."paid_at" = s."created_at";
