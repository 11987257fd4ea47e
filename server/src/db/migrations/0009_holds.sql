-- Holds (design.md §7.2): a reader's place in the queue for a book with no copy free; a ready
-- hold keeps one copy (books.available_copies counts it). Three mails for them.
CREATE TABLE "holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"book_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"auto_borrow" boolean DEFAULT false NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"ready_until" timestamp with time zone,
	"lapse_notice_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "holds_status_known" CHECK ("holds"."status" in ('waiting', 'ready', 'borrowed', 'cancelled', 'expired')),
	CONSTRAINT "holds_ready_has_window" CHECK ("holds"."status" <> 'ready' or "holds"."ready_until" is not null),
	CONSTRAINT "holds_closed_when_closed" CHECK (("holds"."status" in ('waiting', 'ready')) = ("holds"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_type_known";--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holds_one_open_per_reader_book" ON "holds" USING btree ("user_id","book_id") WHERE "holds"."status" in ('waiting', 'ready');--> statement-breakpoint
CREATE INDEX "holds_queue_idx" ON "holds" USING btree ("book_id","placed_at","id") WHERE "holds"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "holds_ready_idx" ON "holds" USING btree ("ready_until") WHERE "holds"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "holds_user_idx" ON "holds" USING btree ("user_id","placed_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_type_known" CHECK ("outbox"."type" in ('register', 'borrow', 'due_soon', 'expired', 'return', 'password_reset', 'top_up_receipt', 'renewal_receipt', 'hold_ready', 'hold_lapsing', 'hold_expired'));