CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"books" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "books_search_title_prefix" ON "books" USING btree ("search_title" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "books_search_author_prefix" ON "books" USING btree ("search_author" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "books_category_popular_idx" ON "books" USING btree ("category_id","recent_loans" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "books_rating_idx" ON "books" USING btree ("rating" desc nulls last,"rating_count" DESC NULLS LAST,"title","id");--> statement-breakpoint
CREATE INDEX "books_newest_idx" ON "books" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE FUNCTION "search_words_of"(title text, author text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT word FROM regexp_split_to_table(title || ' ' || author, '[^[:alnum:]]+') AS word WHERE word <> ''
$$;--> statement-breakpoint
CREATE FUNCTION "search_words_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.search_title = OLD.search_title AND NEW.search_author = OLD.search_author THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_words (word, books)
    SELECT word, 1 FROM search_words_of(NEW.search_title, NEW.search_author) AS word
    ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_search_words" AFTER INSERT OR UPDATE OF search_title, search_author ON "books" FOR EACH ROW EXECUTE FUNCTION "search_words_keep"();--> statement-breakpoint
CREATE FUNCTION "search_words_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_words;
  INSERT INTO search_words (word, books)
    SELECT word, count(*) FROM books, search_words_of(books.search_title, books.search_author) AS word GROUP BY word;
$$;--> statement-breakpoint
SELECT "search_words_rebuild"();
