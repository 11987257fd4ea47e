import type { Sql } from "./database";

/** What came back, as the checks need it. */
export interface Reply {
  /** the path and query asked for */
  url: string;
  status: number;
  contentType: string;
  text: string;
}

/** Words a person should never read in an error: developer wording, leaked internals. */
const leaks: [RegExp, string][] = [
  [/^Invalid input/i, "zod's developer wording"],
  [/expected \w+, received/i, "zod's developer wording"],
  [/\[object Object\]/, "[object Object]"],
  [/\bat [\w.<>]+ \(?[^()\s]*:\d+:\d+\)?/, "a stack trace"],
  [/node_modules/, "a module path"],
  [/\bError:/, "an error class"],
  [/\bFST_\w+/, "a Fastify error code"],
  [/\b(DrizzleQueryError|PostgresError|ZodError|SyntaxError|TypeError)\b/, "an error class"],
  [/\b(select|insert into|update) .* (from|values|set) /i, "SQL"],
  [/\bundefined\b|\bNaN\b/, "an unfilled value"],
];

/**
 * Whether a refusal comes as JSON the client reads. The OPDS catalogue (issue 26) answers a
 * refused sign-in with its Authentication document and a refused borrow as RFC 7807, both JSON
 * that carry the API's own fields too; nowhere else does either type stand for an error.
 */
function errorTypeFits(reply: Reply): boolean {
  if (/^application\/json\b/.test(reply.contentType)) return true;
  if (!reply.url.startsWith("/opds/")) return false;
  if (reply.status === 401)
    return /^application\/opds-authentication\+json\b/.test(reply.contentType);
  return /^application\/problem\+json\b/.test(reply.contentType);
}

/** Problems with one answer; empty when it is a fair answer to a hostile request. */
export function answerProblems(reply: Reply): string[] {
  if (reply.status >= 500) return [`${reply.status}: ${reply.text.slice(0, 200)}`];
  if (reply.status < 400) return [];
  const problems: string[] = [];
  if (!errorTypeFits(reply))
    problems.push(`${reply.status} with content-type "${reply.contentType}"`);
  let body: unknown;
  try {
    body = JSON.parse(reply.text);
  } catch {
    return [...problems, `${reply.status} without a JSON body: ${reply.text.slice(0, 200)}`];
  }
  const { state, code, message } = (body ?? {}) as Record<string, unknown>;
  if (state !== "error" || typeof code !== "string" || code === "")
    problems.push(
      `${reply.status} not shaped {state:"error", code, message}: ${reply.text.slice(0, 200)}`,
    );
  if (typeof message !== "string" || message.trim().length < 5)
    problems.push(`${reply.status} without a human message: ${reply.text.slice(0, 200)}`);
  else
    for (const [pattern, what] of leaks)
      // The 404 names the path asked for, whatever it was; judge only our own words around it.
      if (pattern.test(message.replace(/^(There is no \w+ ).*( in this API\.)$/, "$1…$2")))
        problems.push(`${reply.status} message shows ${what}: ${message.slice(0, 200)}`);
  return problems;
}

/**
 * Each table's contents as one md5, to tell whether a request changed anything. Left out:
 * rate_limits, which counts every request by design, the outbox's delivery columns, which
 * the mail worker updates on its own time, sessions' last_seen_at, which any signed-in request
 * may bring up to date (every few minutes), and webauthn_challenges, handed out to anyone who
 * asks and swept as they lapse.
 */
const digestSql = [
  "users",
  "(select id, user_id, token_hash, created_at, expires_at, revoked_at, user_agent, ip, app_name from sessions)",
  "password_resets",
  "recovery_codes",
  "two_factor_challenges",
  "passkeys",
  "email_changes",
  "(select id, type, to_address, subject, text_body, html_body, dedupe_key, created_at from outbox)",
  "loans",
  "holds",
  "ledger",
  "books",
  "categories",
  "cart_items",
  "wishlist_items",
  "idempotency_keys",
  "reviews",
  "reading_progress",
  "annotations",
  "reader_preferences",
]
  .map((table) => {
    const name = table.startsWith("(") ? /from (\w+)\)$/.exec(table)![1]! : table;
    return `select '${name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as md5 from ${table} x`;
  })
  .join("\nunion all\n");

export type Digest = Map<string, string>;

export async function databaseDigest(sql: Sql): Promise<Digest> {
  const rows = await sql.query<{ name: string; md5: string }>(digestSql);
  return new Map(rows.map((row) => [row.name, row.md5]));
}

/** The tables whose contents differ between two digests. */
export function changedTables(before: Digest, after: Digest): string[] {
  return [...after].filter(([name, md5]) => before.get(name) !== md5).map(([name]) => name);
}
