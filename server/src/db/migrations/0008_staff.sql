-- The staff side (design.md §7.1): roles and blocking, retired books and replaceable files,
-- staff adjustments and refunds in the ledger, hidden reviews, the append-only audit trail and
-- the catalogue version every process polls.
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_kind_known";--> statement-breakpoint
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_sign_matches_kind";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "content_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "refund_of" bigint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'reader' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_refund_of_ledger_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_refund_of_idx" ON "ledger" USING btree ("refund_of") WHERE "ledger"."refund_of" is not null;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_staff_rows_explained" CHECK ("ledger"."kind" not in ('adjustment', 'refund') or "ledger"."reason" is not null);--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_refund_names_charge" CHECK (("ledger"."kind" = 'refund') = ("ledger"."refund_of" is not null));--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_kind_known" CHECK ("ledger"."kind" in ('topup', 'borrow', 'renewal', 'adjustment', 'refund'));--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_sign_matches_kind" CHECK (("ledger"."kind" in ('topup', 'refund') and "ledger"."amount_pence" > 0) or ("ledger"."kind" in ('borrow', 'renewal') and "ledger"."amount_pence" < 0) or ("ledger"."kind" = 'adjustment' and "ledger"."amount_pence" <> 0));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('reader', 'librarian', 'admin'));--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- The audit trail is append-only: the database itself refuses to change or remove a row.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
