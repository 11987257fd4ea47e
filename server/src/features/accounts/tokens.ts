import { createHash, randomBytes } from "node:crypto";

/** A random 256-bit bearer token; the database keeps only hashOf(token). */
export const newToken = (): string => randomBytes(32).toString("base64url");

export const hashOf = (token: string): string => createHash("sha256").update(token).digest("hex");
