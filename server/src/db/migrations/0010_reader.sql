-- The reader (design.md §7.3): a reader's bookmarks and highlights, kept past the loan, and one
-- set of reading preferences per reader. Both go with the account (on delete cascade).
CREATE TABLE "annotations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"book_id" integer NOT NULL,
	"kind" text NOT NULL,
	"locator" jsonb NOT NULL,
	"text" text,
	"note" text,
	"color" text,
	"client_id" uuid,
	"position" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "annotations_kind_known" CHECK ("annotations"."kind" in ('bookmark', 'highlight')),
	CONSTRAINT "annotations_color_fits_kind" CHECK (("annotations"."kind" = 'bookmark' and "annotations"."color" is null) or ("annotations"."kind" = 'highlight' and "annotations"."color" in ('yellow', 'green', 'blue', 'pink'))),
	CONSTRAINT "annotations_highlight_has_text" CHECK ("annotations"."kind" <> 'highlight' or "annotations"."text" is not null),
	CONSTRAINT "annotations_text_length" CHECK (char_length("annotations"."text") <= 2000),
	CONSTRAINT "annotations_note_length" CHECK (char_length("annotations"."note") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "reader_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"preferences" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_preferences" ADD CONSTRAINT "reader_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotations_user_book_idx" ON "annotations" USING btree ("user_id","book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "annotations_user_client_key" ON "annotations" USING btree ("user_id","client_id");