import { createHmac } from "node:crypto";

// The authenticator app of the two-factor journeys: RFC 6238 time-based codes (HMAC-SHA1, 30-second
// steps, 6 digits), written out here so the test checks the server against the RFC, not against
// its own code.

const STEP_SECONDS = 30;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, as an authenticator app reads the key typed into it (spaces, no padding). */
function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=]/g, "").toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`"${char}" is not a base32 character`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The 30-second step `at` falls in: the TOTP counter. */
export function totpStep(at: number = Date.now()): number {
  return Math.floor(at / 1000 / STEP_SECONDS);
}

/** Milliseconds from `at` until the step after `step` begins (0 when it already has). */
export function msUntilStepAfter(step: number, at: number = Date.now()): number {
  return Math.max(0, (step + 1) * STEP_SECONDS * 1000 - at);
}

/** The 6-digit code an authenticator app shows for `secret` during `step`. */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  // RFC 4226 dynamic truncation: 31 bits from the offset the last nibble names.
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}
