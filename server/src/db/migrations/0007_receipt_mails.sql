-- Receipts for top-ups and renewals. The server writes them itself; POST /api/notifications/email
-- still takes only spec.md's six types (contract mailTypes).
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_type_known";--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_type_known" CHECK ("outbox"."type" in ('register', 'borrow', 'due_soon', 'expired', 'return', 'password_reset', 'top_up_receipt', 'renewal_receipt'));