CREATE TABLE "hunt_board_views" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "hunt_board_views_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "hunt_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hunt_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hunts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"sport" text NOT NULL,
	"player" text NOT NULL,
	"year" integer,
	"set" text,
	"grader" text,
	"min_grade" real,
	"max_budget_cents" bigint NOT NULL,
	"deadline" date,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "source_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hunt_id" uuid NOT NULL,
	"responder_id" uuid NOT NULL,
	"card_id" uuid,
	"description" text,
	"asking_price_cents" bigint NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hunt_board_views" ADD CONSTRAINT "hunt_board_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hunt_events" ADD CONSTRAINT "hunt_events_hunt_id_hunts_id_fk" FOREIGN KEY ("hunt_id") REFERENCES "public"."hunts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hunt_events" ADD CONSTRAINT "hunt_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hunts" ADD CONSTRAINT "hunts_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_events" ADD CONSTRAINT "source_events_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_events" ADD CONSTRAINT "source_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_hunt_id_hunts_id_fk" FOREIGN KEY ("hunt_id") REFERENCES "public"."hunts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_responder_id_users_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hunt_events_hunt_idx" ON "hunt_events" USING btree ("hunt_id","at");--> statement-breakpoint
CREATE INDEX "hunts_status_idx" ON "hunts" USING btree ("status","approved_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hunts_requester_idx" ON "hunts" USING btree ("requester_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "source_events_source_idx" ON "source_events" USING btree ("source_id","at");--> statement-breakpoint
CREATE INDEX "sources_hunt_idx" ON "sources" USING btree ("hunt_id","status");--> statement-breakpoint
CREATE INDEX "sources_responder_idx" ON "sources" USING btree ("responder_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sources_status_idx" ON "sources" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written below
ALTER TABLE "hunts" ADD CONSTRAINT "hunts_budget_positive" CHECK ("max_budget_cents" > 0);--> statement-breakpoint
ALTER TABLE "hunts" ADD CONSTRAINT "hunts_min_grade_range" CHECK ("min_grade" IS NULL OR ("min_grade" >= 1 AND "min_grade" <= 10));--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_price_positive" CHECK ("asking_price_cents" > 0);--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_card_or_description" CHECK (("card_id" IS NULL) <> ("description" IS NULL));

