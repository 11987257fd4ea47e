// Ids on the wire (design.md §3): every id in every answer is a JSON string of digits, as the
// API we replace sent them (its client compares ids with `===` against strings), and every call
// takes an id as a string of digits or as a number, alone or in a list.
import type { ErrorBody } from "@folio/contract/common";
import { DAY } from "./clock";
import { describe, expect, it } from "vitest";
import { books, idempotencyKeys } from "./db/schema";
import { eq } from "drizzle-orm";
import { createUser } from "./test/accounts";
import { createBook, createCategory } from "./test/catalogue";
import { useTestApp } from "./test/app";

const t = useTestApp();

/** A key that names an id: `id`, `bookId`, `InvalidBookIds`, `commentIds`… (not `UUID`). */
const ID_KEY = /^(id|[A-Za-z]*Id|[A-Za-z]*Ids)$/;
const DIGITS = /^[1-9][0-9]*$/;

/**
 * Keys that end in Id but name no row by number: an account is a UUID (marked `format: uuid` in
 * the document, so found by that), and these two are text of their own.
 */
const NOT_ROW_IDS: Record<string, string> = {
  uploadId: "an upload waiting to become a book: an opaque name, not a row",
  targetId: "the audit log's target: a book's or loan's id, or an account's UUID, as text",
};
const isRowIdKey = (key: string, schema?: JsonSchema) =>
  ID_KEY.test(key) && !(key in NOT_ROW_IDS) && !isUuid(schema);
function isUuid(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.format === "uuid") return true;
  return (schema.anyOf ?? []).some((part) => part.format === "uuid");
}

/** Every value held under an id key anywhere in a JSON answer, by key. */
function idsIn(value: unknown, found = new Map<string, unknown[]>()): Map<string, unknown[]> {
  if (Array.isArray(value)) for (const item of value) idsIn(item, found);
  else if (value !== null && typeof value === "object")
    for (const [key, inner] of Object.entries(value)) {
      if (ID_KEY.test(key)) found.set(key, [...(found.get(key) ?? []), inner]);
      idsIn(inner, found);
    }
  return found;
}

const isWireId = (value: unknown) => typeof value === "string" && DIGITS.test(value);
const isWireIdOrList = (value: unknown) =>
  isWireId(value) || (Array.isArray(value) && value.every(isWireId));

interface Answer {
  call: string;
  status: number;
  body: unknown;
}

/** A client that keeps every answer it gets, so each can be checked afterwards. */
function recordingClient(answers: Answer[]) {
  return async <T = Record<string, unknown>>(
    method: "GET" | "POST" | "PUT",
    url: string,
    options: { body?: unknown; token?: string; status?: number } = {},
  ): Promise<T> => {
    const response = await t.app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });
    const call = `${method} ${url} ${JSON.stringify(options.body ?? null)}`;
    expect(response.statusCode, `${call} → ${response.body}`).toBe(options.status ?? 200);
    const body = response.json<T>();
    answers.push({ call, status: response.statusCode, body });
    return body;
  };
}

/** Every id-bearing key an answer of spec.md §7 has; the journey must meet each of them. */
const KEYS_OF_THE_SPEC = [
  "id",
  "bookId",
  "categoryId",
  "borrowId",
  "commentId",
  "commentIds",
  "paymentId",
  "InvalidBookIds",
  "LowStockBookIds",
  "BorrowedBookIds",
  "ExceedLimitBookIds",
];

describe.each(["number", "string"] as const)("ids sent as a %s", (form) => {
  it("are taken by every call of spec.md §7, and every id in every answer is a string", async () => {
    const answers: Answer[] = [];
    const call = recordingClient(answers);
    /** An id as this run sends it. */
    const send = (id: string) => (form === "number" ? Number(id) : id);

    // Books made for this run, read back from the wire so the run only handles wire ids.
    const category = await createCategory(t.database.db, { name: `Wire Ids ${form}` });
    const made = {
      wanted: await createBook(t.database.db, { categoryId: category.id, title: `Wanted ${form}` }),
      other: await createBook(t.database.db, { categoryId: category.id, title: `Other ${form}` }),
      scarce: await createBook(t.database.db, { categoryId: category.id, copies: 1 }),
      spent: await createBook(t.database.db, { categoryId: category.id }),
    };
    await t.database.db.update(books).set({ borrowTimes: 10 }).where(eq(books.id, made.spent.id));
    const holder = await createUser(t.app, t.database.db, { balancePence: 1000 });
    const listed = await call<{ bookId: string[]; categoryId: string }>(
      "GET",
      `/api/books?categoryId=${category.id}&pageSize=10`,
    );
    expect(listed.categoryId).toBe(String(category.id));
    const wire = (row: { id: number }) => listed.bookId.find((id) => id === String(row.id))!;
    const [wanted, other, scarce, spent] = [made.wanted, made.other, made.scarce, made.spent].map(
      wire,
    ) as [string, string, string, string];
    await call("POST", "/api/borrow/borrow", {
      body: { bookId: send(scarce) },
      token: holder.token,
    });

    // The catalogue.
    const categories = await call<{ categoriesList: { id: string }[] }>(
      "GET",
      "/api/categories/getAll",
    );
    // The list is cached for a while, so it may not show this run's category yet: any will do.
    const categoryId = categories.categoriesList[0]!.id;
    await call("GET", `/api/categories/${categoryId}`);
    await call("GET", "/api/books/popular?pageSize=5");
    await call("GET", `/api/books/search?title=${encodeURIComponent(`Wanted ${form}`)}`);
    await call("GET", `/api/books/get?bookId=${wanted}`);

    // An account, its money.
    const email = `wire-ids-${form}@example.com`;
    const password = "correct horse";
    await call("POST", "/api/users/register", { body: { name: "Wire Reader", email, password } });
    const { token } = await call<{ token: string }>("POST", "/api/auth/login", {
      body: { email, password },
    });
    await call("POST", "/api/users/info", { token });
    await call("GET", "/api/users/info", { token });
    await call("POST", "/api/users/update", { body: { name: "Wire Reader Two" }, token });
    const topUp = await call<{ paymentId: string }>("POST", "/api/payments/topup", {
      body: { amount: 50 },
      token,
    });
    const history = await call<{ data: { paymentId: string }[] }>("POST", "/api/payments/history", {
      token,
    });
    expect(history.data.map((p) => p.paymentId)).toContain(topUp.paymentId);

    // The cart and the wishlist: one id, a list, a path.
    await call("POST", "/api/cart/add", { body: { bookId: send(wanted) }, token });
    await call("POST", "/api/cart/add", { body: { bookId: [send(other), send(spent)] }, token });
    await call("PUT", `/api/cart/${wanted}`, { body: { quantity: 1 }, token });
    await call("POST", "/api/cart/remove", { body: { bookId: [send(spent)] }, token });
    const cart = await call<{ bookId: string[] }>("POST", "/api/cart/get", { token });
    expect(cart.bookId).toEqual([wanted, other]);
    await call("POST", "/api/cart/clear", { token });
    await call("POST", "/api/wishlist/add", { body: { bookId: send(wanted) }, token });
    const wished = await call<{ bookId: string[] }>("POST", "/api/wishlist/get", { token });
    expect(wished.bookId).toEqual([wanted]);
    await call("POST", "/api/wishlist/delete", { body: { bookId: send(wanted) }, token });

    // Borrowing: every list of refused ids is met, each holding a string.
    const borrowed = await call<Record<string, unknown>>("POST", "/api/borrow/borrow", {
      body: { bookId: [send(wanted), send(scarce), send(spent), send("999999")] },
      token,
    });
    expect(borrowed).toMatchObject({
      state: "success",
      InvalidBookIds: ["999999"],
      LowStockBookIds: [scarce],
      ExceedLimitBookIds: [spent],
    });
    const again = await call("POST", "/api/borrow/borrow", {
      body: { bookId: send(wanted) },
      token,
    });
    expect(again).toMatchObject({ state: "Borrow failed.", BorrowedBookIds: [wanted] });
    const open = await call<{ data: { bookId: string; borrowId: string }[] }>(
      "POST",
      "/api/borrow/borrowlist",
      { token },
    );
    expect(open.data.map((loan) => loan.bookId)).toEqual([wanted]);
    await call("POST", "/api/books/content", { body: { bookId: send(wanted) }, token });
    await call("POST", "/api/reading/progress", {
      body: { bookId: send(wanted), locator: "epubcfi(/6/4)", percentage: 5 },
      token,
    });
    await call("GET", `/api/reading/progress?bookId=${wanted}`, { token });
    t.clock.advance(DAY);
    const renewed = await call("POST", "/api/borrow/renew", {
      body: { bookId: send(wanted) },
      token,
    });
    expect(renewed).toMatchObject({ state: "success", borrowId: open.data[0]!.borrowId });
    await call("POST", "/api/notifications/email", {
      body: { to: email, type: "borrow", data: { bookId: send(wanted) } },
      token,
    });

    // Reviews.
    const review = await call<{ commentId: string }>("POST", "/api/reviews/add", {
      body: { bookId: send(wanted), rating: 4, comment: "Ids as strings." },
      token,
    });
    const ofBook = await call<{ commentIds: string[] }>(
      "GET",
      `/api/reviews/book?bookId=${wanted}`,
    );
    expect(ofBook.commentIds).toEqual([review.commentId]);
    await call("GET", "/api/reviews/user", { token });
    await call("POST", "/api/reviews/user", { token });
    await call("GET", `/api/reviews/content?commentId=${review.commentId}`);
    await call("POST", "/api/reviews/delete", {
      body: { commentId: send(review.commentId) },
      token,
    });

    // Giving back, leaving.
    await call("POST", "/api/borrow/return", { body: { bookId: send(wanted) }, token });
    await call("POST", "/api/borrow/history", { token });
    await call("POST", "/api/auth/forget", { body: { email } });
    // Signed in a day ago (the clock moved for renewal): deleting needs the password again
    // (design.md §7.4).
    await call("POST", "/api/users/delete", { body: { currentPassword: password }, token });
    await call("POST", "/api/auth/logout", { token: holder.token });

    const found = idsIn(answers.map((a) => a.body));
    expect([...found.keys()]).toEqual(expect.arrayContaining(KEYS_OF_THE_SPEC));
    for (const [key, values] of found)
      for (const value of values)
        expect(isWireIdOrList(value), `${key}: ${JSON.stringify(value)}`).toBe(true);
    // The journey met each list of refused ids with something in it, not only empty lists.
    for (const key of [
      "InvalidBookIds",
      "LowStockBookIds",
      "BorrowedBookIds",
      "ExceedLimitBookIds",
    ])
      expect(
        found.get(key)!.some((list) => Array.isArray(list) && list.length > 0),
        key,
      ).toBe(true);
  });
});

describe("ids that are neither a number nor a string of digits", () => {
  /** Each call that takes an id in its body: where, under which name, and the body for an id. */
  const calls: [url: string, field: string, body: (id: unknown) => object][] = [
    ["/api/cart/add", "bookId", (id) => ({ bookId: id })],
    ["/api/cart/add", "bookId", (id) => ({ bookId: ["1", id] })],
    ["/api/borrow/borrow", "bookId", (id) => ({ bookId: [id] })],
    ["/api/borrow/renew", "bookId", (id) => ({ bookId: id })],
    ["/api/borrow/return", "bookId", (id) => ({ bookId: id })],
    ["/api/books/content", "bookId", (id) => ({ bookId: id })],
    ["/api/reviews/delete", "commentId", (id) => ({ commentId: id })],
    [
      "/api/reviews/update",
      "commentId",
      (id) => ({ commentId: id, rating: 4, comment: "Better on a second reading." }),
    ],
  ];
  const refused: unknown[] = [
    "1e3",
    "0x1f",
    " 7",
    "7 ",
    "+7",
    "7.0",
    "abc",
    "",
    0,
    -1,
    1.5,
    true,
    null,
    {},
  ];

  it.each(calls)(
    "are refused by %s with a 400 naming %s, changing nothing",
    async (url, field, bodyFor) => {
      const reader = await createUser(t.app, t.database.db, { balancePence: 1000 });
      for (const id of refused) {
        const response = await t.app.inject({
          method: "POST",
          url,
          headers: { authorization: `Bearer ${reader.token}`, "content-type": "application/json" },
          payload: JSON.stringify(bodyFor(id)),
        });
        expect(response.statusCode, `${url} ${JSON.stringify(bodyFor(id))}`).toBe(400);
        const error = response.json<ErrorBody>();
        expect(error).toMatchObject({ state: "error", code: "VALIDATION" });
        expect(error.field).toMatch(new RegExp(`^${field}`));
      }
      const info = await t.app.inject({
        method: "GET",
        url: "/api/users/info",
        headers: { authorization: `Bearer ${reader.token}` },
      });
      expect(info.json()).toMatchObject({ balance: 10 });
    },
  );

  it("are refused in a query string or a path", async () => {
    for (const url of [
      "/api/books/get?bookId=1e3",
      "/api/books/get?bookId=%2B7",
      "/api/books?categoryId=0x1",
      "/api/categories/1e1",
      "/api/reviews/content?commentId=7.0",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<ErrorBody>().message).toMatch(/must be written in digits\.$/);
    }
  });
});

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
}

describe("an idempotent repeat", () => {
  it("answers string ids even when the first answer was stored with number ids", async () => {
    const reader = await createUser(t.app, t.database.db, { balancePence: 1000 });
    const book = await createBook(t.database.db, { price: 100 });
    const borrow = () =>
      t.app.inject({
        method: "POST",
        url: "/api/borrow/borrow",
        headers: {
          authorization: `Bearer ${reader.token}`,
          "content-type": "application/json",
          "idempotency-key": "stored-before-decision-015",
        },
        payload: JSON.stringify({ bookId: [String(book.id), 999999] }),
      });
    const first = (await borrow()).json<{ loans: { borrowId: string }[] }>();
    // As a server before decision 015 stored it.
    const [stored] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, "stored-before-decision-015"));
    const old = structuredClone(stored!.response) as Record<string, unknown> & {
      loans: { borrowId: unknown; bookId: unknown }[];
      books: { bookId: unknown; id: unknown; categoryId: unknown }[];
    };
    old.InvalidBookIds = [999999];
    old.loans = old.loans.map((loan) => ({
      ...loan,
      borrowId: Number(loan.borrowId),
      bookId: book.id,
    }));
    old.books = old.books.map((b) => ({
      ...b,
      bookId: book.id,
      id: book.id,
      categoryId: Number(b.categoryId),
    }));
    await t.database.db
      .update(idempotencyKeys)
      .set({ response: old })
      .where(eq(idempotencyKeys.key, "stored-before-decision-015"));

    const again = await borrow();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    const found = idsIn(again.json());
    expect(found.get("InvalidBookIds")).toEqual([["999999"]]);
    for (const [key, values] of found)
      for (const value of values) expect(isWireIdOrList(value), key).toBe(true);
  });
});

/** The kinds of value a schema lets through, looking into anyOf and array items. */
function leafTypes(schema: JsonSchema): Set<string> {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((part) => [...leafTypes(part)]));
  if (schema.type === "array" && schema.items) return leafTypes(schema.items);
  return new Set([String(schema.type)]);
}

describe("the OpenAPI document", () => {
  it("says every call takes an id as a whole number or a string of digits", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; schema: JsonSchema }[];
            requestBody?: { content?: Record<string, { schema: JsonSchema }> };
          }
        >
      >;
    }>();
    const seen = new Set<string>();
    const wrong: string[] = [];
    const check = (key: string, schema: JsonSchema, where: string) => {
      if (!isRowIdKey(key, schema)) return;
      seen.add(key);
      const types = [...leafTypes(schema)].sort();
      if (types.join() !== "integer,string") wrong.push(`${where} ${key}: ${types.join()}`);
    };
    const walk = (schema: JsonSchema, where: string) => {
      for (const [key, inner] of Object.entries(schema.properties ?? {})) {
        check(key, inner, where);
        walk(inner, `${where}.${key}`);
      }
    };
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? [])
          check(parameter.name, parameter.schema, where);
        for (const media of Object.values(operation.requestBody?.content ?? {}))
          walk(media.schema, where);
      }
    expect(wrong).toEqual([]);
    expect([...seen]).toEqual(expect.arrayContaining(["bookId", "commentId", "categoryId", "id"]));
  });

  it("says every id in every answer is a string of digits", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json<{
      paths: Record<
        string,
        Record<
          string,
          { responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }
        >
      >;
    }>();
    const seen = new Set<string>();
    const wrong: string[] = [];
    const walk = (schema: JsonSchema, where: string) => {
      for (const [key, inner] of Object.entries(schema.properties ?? {})) {
        if (isRowIdKey(key, inner)) {
          seen.add(key);
          const target = inner.type === "array" ? inner.items : inner;
          if (target?.type !== "string" || target.pattern !== DIGITS.source)
            wrong.push(`${where}.${key}`);
        }
        walk(inner, `${where}.${key}`);
      }
      if (schema.items) walk(schema.items, `${where}[]`);
      for (const part of [
        ...(schema.anyOf ?? []),
        ...(schema.oneOf ?? []),
        ...(schema.allOf ?? []),
      ])
        walk(part, where);
    };
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(methods))
        for (const [status, response] of Object.entries(operation.responses ?? {}))
          for (const media of Object.values(response.content ?? {}))
            walk(media.schema, `${method.toUpperCase()} ${path} ${status}`);
    expect(wrong).toEqual([]);
    expect([...seen]).toEqual(expect.arrayContaining(KEYS_OF_THE_SPEC));
  });
});
