CREATE TABLE "otp_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"ip" text,
	"trusted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "error_code" integer;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "status_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "otp_failures" ADD CONSTRAINT "otp_failures_challenge_id_otp_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."otp_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_failures_phone_created_idx" ON "otp_failures" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "otp_failures_challenge_ip_idx" ON "otp_failures" USING btree ("challenge_id","ip");