DROP INDEX "cards_owner_live_idx";--> statement-breakpoint
DROP INDEX "cards_search_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search" "tsvector";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "card_sport" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "card_grader" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "card_grade_value" real;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "card_year" integer;--> statement-breakpoint
CREATE INDEX "listings_open_search_idx" ON "listings" USING gin ("search") WITH (fastupdate=false) WHERE "listings"."status" in ('active', 'reserved');--> statement-breakpoint
CREATE INDEX "cards_owner_live_idx" ON "cards" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cards_search_idx" ON "cards" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
-- A listing's copy of its card's filter fields (decision 120): set when the listing is written,
-- refreshed whenever the card's words, sport, grader, grade or year change.
CREATE FUNCTION "listing_search_terms"(words tsvector, sport text, grader text) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(words, ''::tsvector) || array_to_tsvector(ARRAY['#sport=' || sport, '#grader=' || grader])
$$;--> statement-breakpoint
CREATE FUNCTION "listings_copy_card"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT listing_search_terms(c.search, c.sport, c.grader), c.sport, c.grader, c.grade_value, c.year
    INTO NEW.search, NEW.card_sport, NEW.card_grader, NEW.card_grade_value, NEW.card_year
    FROM cards c WHERE c.id = NEW.card_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_copy_card" BEFORE INSERT OR UPDATE OF "card_id" ON "listings" FOR EACH ROW EXECUTE FUNCTION "listings_copy_card"();--> statement-breakpoint
CREATE FUNCTION "cards_copy_to_listings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings
     SET search = listing_search_terms(NEW.search, NEW.sport, NEW.grader), card_sport = NEW.sport, card_grader = NEW.grader,
         card_grade_value = NEW.grade_value, card_year = NEW.year
   WHERE card_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cards_copy_to_listings" AFTER UPDATE ON "cards" FOR EACH ROW
  WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.sport IS DISTINCT FROM NEW.sport OR OLD.grader IS DISTINCT FROM NEW.grader
        OR OLD.grade_value IS DISTINCT FROM NEW.grade_value OR OLD.year IS DISTINCT FROM NEW.year)
  EXECUTE FUNCTION "cards_copy_to_listings"();--> statement-breakpoint
UPDATE "listings" l
   SET search = listing_search_terms(c.search, c.sport, c.grader), card_sport = c.sport, card_grader = c.grader,
       card_grade_value = c.grade_value, card_year = c.year
  FROM "cards" c WHERE c.id = l.card_id;
