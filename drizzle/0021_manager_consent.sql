CREATE TABLE "manager_consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"onboarding_id" uuid NOT NULL,
	"manager_id" uuid,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "manager_consent" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "manager_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manager_consent_events" ADD CONSTRAINT "manager_consent_events_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_consent_events" ADD CONSTRAINT "manager_consent_events_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_consent_events" ADD CONSTRAINT "manager_consent_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manager_consent_events_onboarding_idx" ON "manager_consent_events" USING btree ("onboarding_id","created_at");--> statement-breakpoint
-- Existing links (decision 127): a client who walked past the invitation themselves consented, when
-- the account was made by that invitation's sign-in or the client pressed Accept. A member who was
-- already a member when invited and was moved on by a later sign-in never said yes: pending again.
UPDATE "onboardings" AS o SET "manager_consent" = 'accepted', "manager_consent_at" = o."updated_at"
WHERE o."status" <> 'pending_invitation'
  AND (
    o."client_user_id" IS NULL
    OR EXISTS (SELECT 1 FROM "users" AS u WHERE u."id" = o."client_user_id" AND u."created_at" >= o."invited_at")
    OR EXISTS (
      SELECT 1 FROM "audit_log" AS a
      WHERE a."target_type" = 'onboarding' AND a."target_id" = o."id"::text
        AND a."action" = 'onboarding.status_changed' AND a."data"->>'via' = 'accepted'
    )
  );
