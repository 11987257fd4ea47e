import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./passwords";

describe("password hashes", () => {
  it("are scrypt at N=32768 for a shop (PASSWORD_HASH_COST 15), and verify", async () => {
    const cost = loadConfig({ DATA_DIR: "/nonexistent", SECRET: "x".repeat(32) }).passwordHashCost;
    const hash = await hashPassword("correct horse", cost);
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsf", hash)).toBe(false);
  });

  it("made at a lower cost still verify, as each names its own N", async () => {
    const cheap = await hashPassword("correct horse", 10);
    expect(cheap).toMatch(/^scrypt\$1024\$/);
    expect(await verifyPassword("correct horse", cheap)).toBe(true);
    expect(await verifyPassword("Correct horse", cheap)).toBe(false);
    expect(await verifyAgainstDecoy("correct horse", 10)).toBe(false);
  });
});
