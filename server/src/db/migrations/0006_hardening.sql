CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" timestamp with time zone[] NOT NULL,
	"last_refusal" text
);
--> statement-breakpoint
DROP TABLE "rate_limits" CASCADE;--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "licence_spent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Addresses are now kept in the one form the server normalises them to (contract normalizeEmail:
-- NFKC, lower case). lower() here agrees with JavaScript's toLowerCase for all but a few letters
-- such as the dotted capital I, which no address in the shop is known to hold.
UPDATE "users" SET "email" = lower(normalize(btrim("email"), NFKC)) WHERE "email" <> lower(normalize(btrim("email"), NFKC));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");