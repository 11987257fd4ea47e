import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  id: number;
  type: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  readonly kind: "smtp" | "file";
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const envelope = (m: MailMessage) => ({
  from: m.from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  messageId: `<outbox-${m.id}@folio.local>`,
  headers: { "X-Folio-Mail-Type": m.type },
});

export function smtpTransport(url: string): MailTransport {
  // A few connections kept open and reused: a new SMTP conversation per mail cost about 100 ms
  // (measured against smtp-server on loopback: 100 mails in 2.3 s, pooled 0.26 s).
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 5 });
  return {
    kind: "smtp",
    async send(message) {
      await transporter.sendMail(envelope(message));
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP_URL: each mail becomes an .eml file that any mail program opens. */
export function fileTransport(dir: string): MailTransport {
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    kind: "file",
    async send(message) {
      const info = await builder.sendMail(envelope(message));
      await mkdir(dir, { recursive: true });
      const raw = info.message as Buffer;
      await writeFile(
        path.join(dir, `${String(message.id).padStart(8, "0")}-${message.type}.eml`),
        raw,
      );
    },
    close: () => undefined,
  };
}
