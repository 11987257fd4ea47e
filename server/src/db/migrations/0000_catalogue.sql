CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "books" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"category_id" integer NOT NULL,
	"year" integer,
	"language" text DEFAULT 'en' NOT NULL,
	"description" text NOT NULL,
	"price_pence" integer NOT NULL,
	"total_copies" integer NOT NULL,
	"available_copies" integer NOT NULL,
	"loan_cap" integer DEFAULT 10 NOT NULL,
	"borrow_times" integer DEFAULT 0 NOT NULL,
	"recent_loans" integer DEFAULT 0 NOT NULL,
	"rating" numeric(2, 1),
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"search_title" text NOT NULL,
	"search_author" text NOT NULL,
	"cover_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_price_positive" CHECK ("books"."price_pence" > 0),
	CONSTRAINT "books_copies_nonnegative" CHECK ("books"."total_copies" >= 0),
	CONSTRAINT "books_available_in_range" CHECK ("books"."available_copies" >= 0 and "books"."available_copies" <= "books"."total_copies"),
	CONSTRAINT "books_rating_range" CHECK ("books"."rating" is null or ("books"."rating" >= 1 and "books"."rating" <= 5))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"search_name" text NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "books_title_author_key" ON "books" USING btree ("title","author");--> statement-breakpoint
CREATE INDEX "books_category_idx" ON "books" USING btree ("category_id","title","id");--> statement-breakpoint
CREATE INDEX "books_popular_idx" ON "books" USING btree ("recent_loans" DESC NULLS LAST,"rating" desc nulls last,"title","id");--> statement-breakpoint
CREATE INDEX "books_search_title_trgm" ON "books" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_search_author_trgm" ON "books" USING gin ("search_author" gin_trgm_ops);