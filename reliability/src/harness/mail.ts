import { TestSmtpServer } from "../../../server/src/features/notifications/test-smtp";

/**
 * The real SMTP receiver of the server's own tests, on a fixed loopback port so it can be
 * stopped (a mail outage) and started again where the servers expect it.
 */
export class MailReceiver extends TestSmtpServer {
  /** The outbox ids of the mails received: the server sends each as <outbox-ID@folio.local>. */
  outboxIds(): number[] {
    return this.received.flatMap((mail) => {
      const id = /^Message-ID:\s*<outbox-(\d+)@folio\.local>/im.exec(mail.raw)?.[1];
      return id ? [Number(id)] : [];
    });
  }

  /** Ids received more than once: a mail delivered twice. */
  duplicates(): number[] {
    const seen = new Set<number>();
    const twice = new Set<number>();
    for (const id of this.outboxIds()) (seen.has(id) ? twice : seen).add(id);
    return [...twice];
  }
}
