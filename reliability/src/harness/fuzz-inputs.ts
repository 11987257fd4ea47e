import { randomBytes } from "node:crypto";
import fc from "fast-check";
import type { FieldSchema, Route } from "./fuzz-routes";

/** What sort of hostility an attempt carries; the report counts each. */
export type InputKind =
  | "json-anything"
  | "schema-shaped"
  | "huge-number-literal"
  | "bad-json"
  | "bad-utf8"
  | "content-type"
  | "path-param"
  | "query"
  | "auth-header"
  | "wrong-method"
  | "idempotency-key"
  | "oversized-body"
  | "stalling-text"
  | "binary-body";

/** One request to send, exactly as built. */
export interface Attempt {
  kind: InputKind;
  method: string;
  /** path and query string, already encoded as they go on the wire */
  url: string;
  headers: Record<string, string>;
  /** a body sent byte for byte; undefined sends none */
  body?: string | Buffer;
  /** false when the attempt brings its own Authorization header */
  withReaderToken: boolean;
  /**
   * Sent as the reader only, not also as nobody: a reader's request passes every stage a
   * visitor's does (the body read and parsed, validated, the sign-in checked) and goes further,
   * so for text made to stall a pattern the visitor's copy tests nothing the reader's does not,
   * at the cost of another megabyte sent and read. Refusals to nobody are the auth-header kind's.
   */
  onlyAsReader?: boolean;
  /** the one status a fair server answers, where there is only one */
  expectStatus?: number;
  /** the one status when sent with no token, where it differs */
  expectStatusWithoutToken?: number;
}

/** What the fuzz knows of the running shop, so that some inputs get past validation. */
export interface FuzzContext {
  /** as the server sends them: strings of digits */
  bookIds: string[];
  /** the query of a real reading link (u, e, s), so the content call's checks are reached */
  contentLink: Record<string, string>;
  /** every method documented per path template, so a wrong method is really wrong */
  methodsByTemplate: Map<string, Set<string>>;
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const oddCharacter = fc.constantFrom(
  "\u0000",
  "\u0001",
  "\u202e",
  "\ufeff",
  "\uffff",
  "\u{1f600}",
  "'",
  '"',
  "\\",
  "%",
  "<",
  "&",
  "\n",
  "\r",
  "é",
);

/** Text of any code point, lone surrogates, NUL and other awkward characters among them. */
export const unicodeText = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: loneSurrogate },
    { weight: 2, arbitrary: oddCharacter },
  ),
  maxLength: 40,
});

/** Up to 100 KB of one character, several bytes each in UTF-8 for some. */
export const hugeText = fc
  .tuple(
    fc.constantFrom("x", "é", "\u{1f600}", "\u0000", "%", " "),
    fc.integer({ min: 1_000, max: 100_000 }),
  )
  .map(([c, n]) => c.repeat(Math.ceil(n / c.length)));

/** Text a lax parser reads as an id (Number("1e3") is 1000): the server takes digits only. */
export const idLikeText = fc.constantFrom(
  "1e3",
  "1E1",
  "+7",
  "7.0",
  " 7",
  "7 ",
  "\t7",
  "0x1f",
  "0b11",
  "0o7",
  "٣",
  "７",
  "007",
  "0",
  "00",
  "-7",
  "7n",
  "Infinity",
);

/** Numbers at and past every edge a parser, a JS number or an int4 column has. */
export const hugeNumber = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    -0,
    2 ** 53 + 1,
    -(2 ** 53 + 1),
    Number.MAX_SAFE_INTEGER,
    Number.MIN_VALUE,
    1e-300,
    2_147_483_648,
    -2_147_483_649,
    4_294_967_296,
    1e21,
    0,
    -1,
    0.5,
    1.005,
    0.001,
  ),
  fc.constantFrom(
    "NaN",
    "Infinity",
    "-Infinity",
    "99999999999999999999",
    "1e400",
    "-1e400",
    "1e-400",
    "0x10",
    " 1 ",
    "1_000",
    "-0",
    "1.5",
    "",
    "0.001",
  ),
  fc.double(),
  idLikeText,
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.double(),
  fc.string({ maxLength: 20 }),
);

/** A value the schema allows, or close to it, so that some attempts reach the service. */
function plausible(schema: FieldSchema, context: FuzzContext): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => plausible(s, context)));
  const min = schema.minimum ?? 0;
  switch (schema.type) {
    case "integer":
      return fc.oneof(
        fc.constantFrom(...context.bookIds.slice(0, 20)).map(Number),
        fc.integer({ min, max: Math.min(schema.maximum ?? min + 200, min + 200) }),
      );
    case "number":
      return fc.oneof(
        // A bound need not be whole (a font size from 0.75): the whole numbers inside it.
        fc.integer({
          min: Math.ceil(min),
          max: Math.floor(Math.min(schema.maximum ?? min + 100, min + 100)),
        }),
        fc.double({ min, max: Math.min(schema.maximum ?? min + 100, min + 100), noNaN: true }),
      );
    case "string":
      if (schema.pattern?.includes("@")) return fc.emailAddress();
      // An id as text: the ids the server gave, or text that only looks like one.
      if (schema.pattern === "^[0-9]+$")
        return fc.oneof(fc.constantFrom(...context.bookIds.slice(0, 20)), idLikeText);
      if (schema.pattern?.includes("epub"))
        return fc.constantFrom(...context.bookIds.slice(0, 5)).map((id) => `${id}.epub`);
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 40, 40),
      });
    case "array":
      return fc.array(plausible(schema.items ?? {}, context), { minLength: 1, maxLength: 3 });
    case "object":
      return fc.record(
        Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s, context)]),
        ),
        { requiredKeys: [] },
      );
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function hostileValue(schema: FieldSchema, context: FuzzContext): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: plausible(schema, context) },
    { weight: 2, arbitrary: wrongType },
    { weight: 2, arbitrary: hugeNumber },
    { weight: 1, arbitrary: hugeText },
    { weight: 2, arbitrary: unicodeText },
  );
}

/** Extra fields beside the known ones, prototype pollution among them. */
const extraFields = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  {
    weight: 2,
    arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), {
      maxKeys: 3,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      JSON.parse('{"__proto__": {"admin": true}}') as object,
      JSON.parse('{"constructor": {"prototype": {"admin": true}}}') as object,
    ),
  },
);

/** Objects built from the route's own fields: wrong types, missing and extra fields, edges. */
function schemaShapedBody(route: Route, context: FuzzContext): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(
    Object.entries(route.body).map(([name, schema]) => [name, hostileValue(schema, context)]),
  );
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), extraFields)
    .map(([known, extra]) => ({ ...extra, ...known }));
}

const hugeLiterals = [
  "1e400",
  "-1e400",
  "123456789012345678901234567890",
  "-0",
  "1E-400",
  "0.0000000000000000000000000001",
  "2e308",
  "9007199254740993",
  "[1e400]",
];

function hugeNumberLiteral(route: Route): fc.Arbitrary<string> {
  const keys = [...Object.keys(route.body), "bookId", "amount"];
  return fc
    .tuple(fc.constantFrom(...keys), fc.constantFrom(...hugeLiterals))
    .map(([key, literal]) => `{"${key}": ${literal}}`);
}

const badJson = fc.oneof(
  fc.constantFrom(
    "{",
    '{"bookId":',
    "{bookId:1}",
    "[1,2",
    "nul",
    '{"a":1}}',
    '"unterminated',
    "{'a':1}",
    '{"a":1,}',
    "NaN",
    "undefined",
    '{"a":"\\x41"}',
    '{"a":"\\ud800"}',
    "\u0000",
    "[".repeat(50_000),
    `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
    '{"__proto__":{"x":1}}',
  ),
  fc
    .tuple(fc.jsonValue(), fc.nat())
    .map(([value, cut]) => {
      const text = JSON.stringify(value);
      return text.slice(0, cut % Math.max(text.length, 1));
    })
    .filter((text) => !parses(text)),
  fc.string({ unit: "binary", maxLength: 30 }).filter((text) => !parses(text)),
);

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const invalidUtf8 = fc.constantFrom(
  [0xff, 0xfe, 0xc3],
  [0xc3],
  [0x80],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
);

function badUtf8(route: Route): fc.Arbitrary<Buffer> {
  const key = Object.keys(route.body)[0] ?? "name";
  return fc
    .tuple(invalidUtf8, fc.uint8Array({ maxLength: 8 }), fc.boolean())
    .map(([bad, noise, inString]) =>
      inString
        ? Buffer.concat([
            Buffer.from(`{"${key}":"`),
            Buffer.from(noise),
            Buffer.from(bad),
            Buffer.from('"}'),
          ])
        : Buffer.concat([Buffer.from(bad), Buffer.from(noise)]),
    );
}

const contentTypes = fc.constantFrom(
  "text/plain",
  "text/plain; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "application/vnd.api+json",
  "application/jsonx",
  "APPLICATION/JSON",
  "application/json, text/html",
  "",
  "*/*",
  "text/json",
  "application/octet-stream",
);

const idempotencyKey = fc.oneof(
  fc.constantFrom("fuzz-key-1", "fuzz-key-2", "", " ", "k".repeat(201), "é", "a b", "\t"),
  fc.string({ unit: "grapheme-ascii", maxLength: 210 }),
);

const rawFragments = [
  "%00",
  "%ff",
  "%",
  "%E0%A4%A",
  "%2525",
  "+",
  "%2B",
  "%20",
  "a%00b",
  "..%2F..%2Fetc%2Fpasswd",
  "[]",
  "1e999",
  "-1",
  "0",
  "9999999999999",
  "99999999999999999999",
  "1.5",
  "0x1f",
  "NaN",
  "Infinity",
  "%EF%BF%BF",
  "%ED%A0%80",
  "%C0%AF",
  "%F0%9F%98%80",
];

function queryValue(schema: FieldSchema, context: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: plausible(schema, context).map((v) => encodeURIComponent(String(v))) },
    { weight: 3, arbitrary: fc.constantFrom(...rawFragments) },
    { weight: 2, arbitrary: unicodeText.map(encodeUnpaired) },
    { weight: 1, arbitrary: hugeText.map((t) => encodeUnpaired(t.slice(0, 1_500))) },
    { weight: 1, arbitrary: hugeNumber.map((n) => encodeURIComponent(String(n))) },
  );
}

/** encodeURIComponent refuses lone surrogates; send them as the bytes a sloppy client would. */
function encodeUnpaired(text: string): string {
  return Array.from(text, (c) => {
    const code = c.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) return "%ED%A0%80";
    return encodeURIComponent(c);
  }).join("");
}

/** A query string: known keys and others, repeated, bracketed, oddly encoded. */
function queryString(route: Route, context: FuzzContext): fc.Arbitrary<string> {
  const names = Object.keys(route.query);
  const schemaOf = (name: string): FieldSchema => route.query[name] ?? { type: "string" };
  const key = fc.oneof(
    ...(names.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...names) }] : []),
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...names, "bookId", "id"),
          fc.constantFrom("[]", "[0]", "[a]", "%00", ".x"),
        )
        .map(([name, suffix]) => name + suffix),
    },
    { weight: 1, arbitrary: unicodeText.map(encodeUnpaired) },
  );
  // The reading link's own values beside hostile ones: a good signature on a bad expiry, etc.
  const linkValues = route.template === "/api/content/{file}" ? context.contentLink : {};
  const pair = key.chain((k) => {
    const value = queryValue(schemaOf(k.replace(/[[%.].*$/, "")), context);
    const real = linkValues[k];
    return (real ? fc.oneof(fc.constant(encodeURIComponent(real)), value) : value).map(
      (v) => `${k}=${v}`,
    );
  });
  return fc
    .tuple(fc.array(pair, { minLength: 1, maxLength: 5 }), fc.constantFrom("&", "&&", ";", "&=&"))
    .map(([pairs, joiner]) => `?${pairs.join(joiner)}`);
}

/** A value for a path parameter: plausible, traversal, NUL, huge, negative, bad encodings. */
function pathValue(name: string, context: FuzzContext): fc.Arbitrary<string> {
  const plausibleValue =
    name === "file"
      ? fc.constantFrom(...context.bookIds.slice(0, 5)).map((id) => `${id}.epub`)
      : fc.constantFrom(...context.bookIds.slice(0, 20)).map(String);
  return fc.oneof(
    { weight: 2, arbitrary: plausibleValue },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        ...rawFragments,
        "..%2F1.epub",
        "1%00.epub",
        "1.epub%00",
        "1.EPUB",
        "-1.epub",
        "0.epub",
        "99999999999.epub",
        "9999999999.epub",
        "1.epub.epub",
        "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "1".repeat(250),
        "2147483648",
        "-2147483649",
        "1e308",
      ),
    },
    { weight: 2, arbitrary: unicodeText.filter((t) => t.length > 0).map(encodeUnpaired) },
    { weight: 1, arbitrary: hugeNumber.map((n) => encodeURIComponent(String(n))) },
  );
}

function fillPath(route: Route, values: Record<string, string>): string {
  return route.template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? "1");
}

function plausiblePath(route: Route, context: FuzzContext): string {
  return fillPath(
    route,
    Object.fromEntries(
      route.pathParams.map((name) => [
        name,
        name === "file" ? `${context.bookIds[0]}.epub` : String(context.bookIds[0]),
      ]),
    ),
  );
}

const json = (value: unknown): string => JSON.stringify(value) ?? "";

/** Every kind of hostile attempt that fits the route, weighted towards the body for POSTs. */
export function attemptsFor(route: Route, context: FuzzContext): fc.Arbitrary<Attempt> {
  const takesBody = route.method !== "GET";
  const path = plausiblePath(route, context);
  const plainQuery =
    route.template === "/api/content/{file}"
      ? `?${new URLSearchParams(context.contentLink).toString()}`
      : "";
  const base = { method: route.method, url: path + plainQuery, headers: {}, withReaderToken: true };
  const jsonHeaders: Record<string, string> = { "content-type": "application/json" };
  const kinds: fc.WeightedArbitrary<Attempt>[] = [
    {
      weight: 2,
      arbitrary: queryString(route, context).map((q) => ({
        ...base,
        kind: "query" as const,
        url: path + q,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          "Bearer ",
          "Bearer x",
          "Basic Zm9vOmJhcg==",
          `Bearer ${"a".repeat(10_000)}`,
          `Bearer ${"0".repeat(64)}`,
          "Bearer token token",
          "bearer",
          "Token abc",
        )
        .map((authorization) => ({
          ...base,
          kind: "auth-header" as const,
          headers: { authorization },
          withReaderToken: false,
        })),
    },
  ];
  const others = ["GET", "POST", "PUT", "DELETE", "PATCH"].filter(
    (m) => !context.methodsByTemplate.get(route.template)?.has(m),
  );
  if (others.length > 0)
    kinds.push({
      weight: 1,
      arbitrary: fc.constantFrom(...others).map((method) => ({
        ...base,
        kind: "wrong-method" as const,
        method,
        ...(method === "GET" ? {} : { body: "{}", headers: jsonHeaders }),
      })),
    });
  if (route.pathParams.length > 0)
    kinds.push({
      weight: 4,
      arbitrary: fc
        .tuple(...route.pathParams.map((name) => pathValue(name, context)))
        .map((values) => ({
          ...base,
          kind: "path-param" as const,
          url:
            fillPath(route, Object.fromEntries(route.pathParams.map((n, i) => [n, values[i]!]))) +
            plainQuery,
        })),
    });
  if (takesBody) {
    const withBody = (kind: InputKind, body: string | Buffer, headers = jsonHeaders): Attempt => ({
      ...base,
      kind,
      body,
      headers,
    });
    kinds.push(
      {
        weight: 2,
        arbitrary: fc
          .oneof(fc.jsonValue(), fc.anything())
          .map((value) => withBody("json-anything", json(value))),
      },
      {
        weight: Object.keys(route.body).length > 0 ? 6 : 1,
        arbitrary: schemaShapedBody(route, context).map((value) =>
          withBody("schema-shaped", json(value)),
        ),
      },
      {
        weight: 1,
        arbitrary: hugeNumberLiteral(route).map((text) => withBody("huge-number-literal", text)),
      },
      { weight: 2, arbitrary: badJson.map((text) => withBody("bad-json", text)) },
      { weight: 1, arbitrary: badUtf8(route).map((bytes) => withBody("bad-utf8", bytes)) },
      {
        // A few keys used again and again, with other bodies: a replay or a 409, never a change.
        weight: 1,
        arbitrary: fc
          .tuple(idempotencyKey, schemaShapedBody(route, context))
          .map(([key, value]) =>
            withBody("idempotency-key", json(value), { ...jsonHeaders, "idempotency-key": key }),
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(contentTypes, schemaShapedBody(route, context))
          .map(([type, value]) => withBody("content-type", json(value), { "content-type": type })),
      },
    );
  }
  return fc.oneof(...kinds);
}

/**
 * A body of valid JSON `bytes` long, to be refused for its size alone with a 413. Staff calls
 * refuse a caller without a token first, before reading any body (decision 021); the EPUB upload
 * takes up to 50 MB of EPUB and refuses JSON of any size for its type.
 */
export function oversizedAttempt(route: Route, context: FuzzContext, bytes: number): Attempt {
  const staff = route.template.startsWith("/api/admin/");
  return {
    ...(staff ? { expectStatusWithoutToken: 401 } : {}),
    kind: "oversized-body",
    method: route.method,
    url: plausiblePath(route, context),
    headers: { "content-type": "application/json" },
    body: `{"name":"${"a".repeat(bytes - 11)}"}`,
    withReaderToken: true,
    expectStatus: staff && route.template.endsWith("/upload") ? 415 : 413,
  };
}

/**
 * Text shaped to make a backtracking pattern take time: the "a@" + "."×N + "@" (4 s
 * at N = 80,000 before the address check became one pass), long runs of one character, and
 * repeated address fragments.
 */
const stallingShapes: { name: string; make: (n: number) => string }[] = [
  { name: "a@ + dots + @", make: (n) => `a@${".".repeat(n)}@` },
  { name: "dots", make: (n) => ".".repeat(n) },
  { name: "at signs", make: (n) => "@".repeat(n) },
  { name: "spaces then x", make: (n) => `${" ".repeat(n)}x` },
  // A tab is two characters in JSON: half as many fit.
  { name: "tabs", make: (n) => "\t".repeat(Math.floor(n / 2)) },
  { name: "a@a. repeated", make: (n) => "a@a.".repeat(Math.floor(n / 4)) },
  { name: "= repeated", make: (n) => "=".repeat(n) },
];

const takesText = (schema: FieldSchema): boolean =>
  schema.type === "string" || (schema.anyOf ?? []).some(takesText) || schema.type === undefined;

/**
 * For every text field of a route's body (and every query parameter), the same hostile text at
 * sizes up to just under the body limit: sent on every run, not left to chance, so the event
 * loop guard covers every field of every call.
 */
export function stallingAttempts(route: Route, context: FuzzContext, bodyLimit: number): Attempt[] {
  const path = plausiblePath(route, context);
  const attempts: Attempt[] = [];
  const base = {
    kind: "stalling-text" as const,
    method: route.method,
    withReaderToken: route.needsLogin,
    onlyAsReader: true,
  };
  if (route.method !== "GET") {
    const near = bodyLimit - 1024;
    for (const [field, schema] of Object.entries(route.body)) {
      if (!takesText(schema)) continue;
      const bodies = [
        ...stallingShapes.map((shape) => shape.make(near)),
        // The issue's own sizes for the address shape.
        ...[20_000, 40_000, 80_000].map((n) => stallingShapes[0]!.make(n)),
      ];
      for (const text of bodies)
        attempts.push({
          ...base,
          url: path,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ [field]: text }),
        });
    }
  }
  // A query string is bounded by the header limit (16 KB): 8,000 characters of each shape.
  for (const name of Object.keys(route.query))
    for (const shape of stallingShapes)
      attempts.push({
        ...base,
        url: `${path}?${name}=${encodeURIComponent(shape.make(8_000))}`,
        headers: {},
      });
  return attempts;
}

/**
 * Bytes, not text, on every call that takes a body (issue 43: the NUL-character guard walked a
 * Buffer byte by byte, and a 2 MiB random body held the event loop 1.2 s; a 51 MB EPUB, minutes).
 * Random bytes and NUL bytes under a binary type; on the EPUB upload, as an EPUB, which the
 * staff reader may send, megabytes of them. Each is timed by the event-loop guard like all else.
 */
export function binaryAttempts(route: Route, context: FuzzContext): Attempt[] {
  if (route.method === "GET") return [];
  const upload = route.template.endsWith("/upload");
  // Random bytes hold NULs too (one in 256): every kind of byte, and all of them at once.
  const bodies = upload
    ? [randomBytes(8 * 1024 * 1024), Buffer.alloc(8 * 1024 * 1024)]
    : [randomBytes(512 * 1024)];
  return bodies.map((body) => ({
    kind: "binary-body" as const,
    method: route.method,
    url: plausiblePath(route, context),
    headers: { "content-type": upload ? "application/epub+zip" : "application/octet-stream" },
    body,
    withReaderToken: true,
    onlyAsReader: true,
  }));
}
