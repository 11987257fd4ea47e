CREATE TABLE "search_authors" (
	"search_author" text PRIMARY KEY NOT NULL,
	"author" text NOT NULL,
	"books" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "books_search_title_prefix";--> statement-breakpoint
DROP INDEX "books_search_author_prefix";--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "in_titles" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "search_authors_trgm" ON "search_authors" USING gin ("search_author" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_authors_prefix" ON "search_authors" USING btree ("search_author" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "books_search_title_order" ON "books" USING btree ("search_title" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "books_search_author_order" ON "books" USING btree ("search_author" text_pattern_ops,"title","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_words_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.search_title = OLD.search_title AND NEW.search_author = OLD.search_author THEN
    RETURN NULL;
  END IF;
  INSERT INTO search_words (word, books, in_titles)
    SELECT word, 1, word IN (SELECT search_words_of(NEW.search_title, ''))
    FROM search_words_of(NEW.search_title, NEW.search_author) AS word
    ON CONFLICT (word) DO NOTHING;
  -- Only rows not yet marked are updated, so locked: a common word's row is never waited on.
  UPDATE search_words SET in_titles = true
    WHERE word IN (SELECT search_words_of(NEW.search_title, '')) AND NOT in_titles;
  INSERT INTO search_authors (search_author, author, books)
    VALUES (NEW.search_author, NEW.author, 1)
    ON CONFLICT (search_author) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_words_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_words;
  INSERT INTO search_words (word, books, in_titles)
    SELECT word, count(*), bool_or(in_title)
    FROM books, LATERAL (
      SELECT word, bool_or(in_title) AS in_title FROM (
        SELECT word, true AS in_title FROM search_words_of(books.search_title, '') AS word
        UNION ALL
        SELECT word, false FROM search_words_of('', books.search_author) AS word
      ) AS found GROUP BY word
    ) AS words
    GROUP BY word;
  DELETE FROM search_authors;
  INSERT INTO search_authors (search_author, author, books)
    SELECT search_author, min(author), count(*) FROM books GROUP BY search_author;
$$;--> statement-breakpoint
SELECT "search_words_rebuild"();
--> statement-breakpoint
ANALYZE "search_words";--> statement-breakpoint
ANALYZE "search_authors";
