import { z } from "zod";
import { idSchema } from "./common";

export const mailTypes = [
  "register",
  "borrow",
  "due_soon",
  "expired",
  "return",
  "password_reset",
] as const;
export type MailType = (typeof mailTypes)[number];

/**
 * The spec's client sends to, subject, content, type and data. The server renders the mail
 * itself from its own records; subject and content are accepted and ignored, and `to` must be
 * the caller's own address.
 */
export const sendEmailRequestSchema = z.object({
  to: z
    .string({ error: "to is required" })
    .trim()
    .min(1, { error: "to is required" })
    .max(254, { abort: true }),
  type: z.enum(mailTypes, { error: `type must be one of ${mailTypes.join(", ")}` }),
  subject: z.string().max(500).optional(),
  content: z.string().max(20_000).optional(),
  data: z.object({ bookId: idSchema.optional() }).loose().optional(),
});
export type SendEmailRequest = z.infer<typeof sendEmailRequestSchema>;

export const sendEmailResponseSchema = z.object({
  state: z.literal("success"),
  message: z.string(),
});
export type SendEmailResponse = z.infer<typeof sendEmailResponseSchema>;
