import type { MailReceiver } from "./mail";

/** A raw mail's text as written: quoted-printable soft breaks joined and escapes decoded. */
export function decodedMail(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** Waits for the first mail after `since` that was sent to `to` and matches `pattern`. */
export async function waitForMail(
  mail: MailReceiver,
  since: number,
  to: string,
  pattern: RegExp,
  withinMs = 20_000,
): Promise<RegExpExecArray> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    for (const received of mail.received.slice(since)) {
      if (!received.to.some((address) => address.toLowerCase() === to.toLowerCase())) continue;
      const match = pattern.exec(decodedMail(received.raw));
      if (match) return match;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${String(pattern)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
