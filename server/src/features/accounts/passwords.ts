import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// scrypt with N = 2^cost (PASSWORD_HASH_COST), r=8, p=1. A shop keeps cost 15 (N=32768, twice
// Node's default): about 50 ms and 32 MiB per hash. Tests lower it so that the thousands of
// accounts they make do not spend minutes hashing; a stored hash names its own N, so a hash
// made at any cost verifies.
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(
  password: string,
  /** log2 of N: the shop's PASSWORD_HASH_COST */
  cost: number,
): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await derive(password, salt, N, R, P);
  return ["scrypt", N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(
    password,
    Buffer.from(salt, "base64"),
    Number(n),
    Number(r),
    Number(p),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spent on a login for an unknown email, so its timing does not tell which emails exist. */
const decoys = new Map<number, Promise<string>>();
export async function verifyAgainstDecoy(password: string, cost: number): Promise<false> {
  let decoy = decoys.get(cost);
  if (!decoy) decoys.set(cost, (decoy = hashPassword("decoy password that matches nothing", cost)));
  await verifyPassword(password, await decoy);
  return false;
}
