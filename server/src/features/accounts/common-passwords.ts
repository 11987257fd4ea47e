// Passwords on a list of the 10,000 most common are refused (design.md §7.4). The list is the
// one the `common-password` package ships, read as text: a Set, exact, no hash collisions.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!list) {
    const file = createRequire(import.meta.url).resolve("common-password/lib/10k most common.txt");
    list = new Set(
      readFileSync(file, "utf8")
        .split(/\r?\n/)
        .map((line) => line.trim().toLowerCase())
        .filter(Boolean),
    );
  }
  return list;
}

/** Whether `password` is one of the 10,000 most common, in any case ("Password" as "password"). */
export const isCommonPassword = (password: string): boolean =>
  commonPasswords().has(password.toLowerCase());
