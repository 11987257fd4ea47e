import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter, TransportOptions } from "nodemailer";

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

/**
 * Nodemailer, loaded when the first mail goes out: about 13 MB of memory that an idle process
 * with nothing to send does not need (docs/performance.md, "Idle memory").
 */
function madeOnFirstUse(options: TransportOptions | Record<string, unknown>) {
  let made: Promise<Transporter> | undefined;
  let transporter: Transporter | undefined;
  return {
    get: () =>
      (made ??= import("nodemailer").then(({ default: nodemailer }) => {
        transporter = nodemailer.createTransport(options);
        return transporter;
      })),
    close: () => transporter?.close(),
  };
}

export function smtpTransport(url: string): MailTransport {
  // A few connections kept open and reused: a new SMTP conversation per mail cost about 100 ms
  // (measured against smtp-server on loopback: 100 mails in 2.3 s, pooled 0.26 s).
  const transporter = madeOnFirstUse({ url, pool: true, maxConnections: 5 });
  return {
    kind: "smtp",
    async send(message) {
      await (await transporter.get()).sendMail(envelope(message));
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP_URL: each mail becomes an .eml file that any mail program opens. */
export function fileTransport(dir: string): MailTransport {
  const builder = madeOnFirstUse({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(message) {
      const info = await (await builder.get()).sendMail(envelope(message));
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
