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

  /**
   * Waits until no mail has come for `quietMs` (the sender has caught up), or `withinMs` is up.
   * For the embedded database, whose outbox cannot be read while its server runs.
   */
  async quiet(quietMs: number, withinMs: number): Promise<void> {
    const deadline = Date.now() + withinMs;
    let count = this.received.length;
    let since = Date.now();
    while (Date.now() < deadline && Date.now() - since < quietMs) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (this.received.length !== count) {
        count = this.received.length;
        since = Date.now();
      }
    }
  }

  /** Ids received more than once: a mail delivered twice. */
  duplicates(): number[] {
    const seen = new Set<number>();
    const twice = new Set<number>();
    for (const id of this.outboxIds()) (seen.has(id) ? twice : seen).add(id);
    return [...twice];
  }
}
