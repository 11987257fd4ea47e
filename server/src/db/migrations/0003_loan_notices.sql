ALTER TABLE "loans" ADD COLUMN "reminded_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "overdue_notice_due_at" timestamp with time zone;