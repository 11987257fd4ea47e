// Notifications' public face (decision 016). It owns `outbox` and imports no other feature:
// the mails it cannot write from its own records are passed in (MailWriters).
export { notificationRoutes as notificationsPlugin } from "./routes";
export { MailDelivery, type MailDeliveryOptions } from "./delivery";
export { enqueueMail, type OutgoingMail } from "./outbox";
export { retryMail } from "./retry";
export { listStaffMail, presentStaffMail, staffMailById } from "./staff-reads";
export { type LoanMailType, type MailCaller, type MailWriters } from "./service";
export { formatLongDate, SHOP_NAME, type MailBook, type SecurityChange } from "./templates";
export { fileTransport, smtpTransport, type MailTransport } from "./transport";
export { exportMailsTo } from "./export";
export { outboxBacklog, type OutboxBacklog } from "./backlog";
