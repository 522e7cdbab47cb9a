CREATE TABLE "legal_drafts" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"markdown" text NOT NULL,
	"base_version" integer,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"user_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"via" text NOT NULL,
	CONSTRAINT "terms_acceptances_user_id_version_pk" PRIMARY KEY("user_id","version")
);
--> statement-breakpoint
ALTER TABLE "legal_pages" ADD COLUMN "effective_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_pages" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- The rows already here are each document's version 1, in force since they were written.
UPDATE "legal_pages" SET "effective_at" = "created_at";--> statement-breakpoint
ALTER TABLE "legal_pages" ADD CONSTRAINT "legal_pages_version_positive" CHECK ("version" >= 1);--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_version_positive" CHECK ("version" >= 1);--> statement-breakpoint
-- Requests made so far ticked the only terms there were; their members accepted that version.
UPDATE "access_requests" SET "terms_version" = 1 WHERE "terms_accepted";--> statement-breakpoint
INSERT INTO "terms_acceptances" ("user_id", "version", "accepted_at", "via")
SELECT u."id", 1, min(r."created_at"), 'access_request'
FROM "users" u JOIN "access_requests" r ON r."phone" = u."phone" AND r."status" = 'approved' AND r."terms_accepted"
GROUP BY u."id"
ON CONFLICT DO NOTHING;
