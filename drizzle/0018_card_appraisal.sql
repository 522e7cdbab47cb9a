ALTER TABLE "cards" ADD COLUMN "appraised_value_cents" bigint;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "appraised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "appraised_by_id" uuid;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_appraised_by_id_users_id_fk" FOREIGN KEY ("appraised_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;