import { randomUUID } from "node:crypto";
import type { LoginResponse } from "@folio/contract/accounts";
import type { ErrorBody } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import {
  ANNOTATION_LIMIT_MESSAGE,
  ANNOTATIONS_PER_BOOK,
  READ_NOT_BORROWED,
  type Annotation,
  type AnnotationList,
  type CreateAnnotation,
  type ReadiumLocator,
} from "@folio/contract/reading";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY, MINUTE } from "../../clock";
import { annotations, books, readerPreferences } from "../../db/schema";
import { createUser, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { createBook } from "../../test/catalogue";
import { httpClient } from "../../test/http";

type Failure = Partial<Omit<ErrorBody, "state">>;
type Answer = { annotation: Annotation } & Failure;

let http: ReturnType<typeof httpClient>;
const t = useTestApp();
beforeAll(() => {
  http = httpClient(t.app);
});

const locator = (position?: number, href = "chapter-1.xhtml"): ReadiumLocator => ({
  href,
  type: "application/xhtml+xml",
  locations: { progression: 0.25, ...(position ? { position } : {}) },
  text: { highlight: "It was a test." },
});

async function borrow(reader: TestUser, bookId: number) {
  const result = await http.post<BorrowResult>("/api/borrow/borrow", { bookId }, reader.token);
  expect(result.body.state).toBe("success");
}

/** A new reader with an open loan of a new book. */
async function borrower() {
  const book = await createBook(t.database.db, { copies: 3, price: 100 });
  const reader = await createUser(t.app, t.database.db, { balancePence: 1000 });
  await borrow(reader, book.id);
  return { book, reader };
}

/** A create as a client may send it, well formed or not. */
const annotate = (reader: TestUser, body: Record<string, unknown>) =>
  http.post<Answer>("/api/reading/annotations", body, reader.token);

const highlight = (bookId: number, more: Partial<CreateAnnotation> = {}) => ({
  bookId,
  kind: "highlight" as const,
  locator: locator(3),
  text: "It was a test.",
  ...more,
});

const list = (reader: TestUser, bookId: number) =>
  http.get<AnnotationList & Failure>(`/api/reading/annotations?bookId=${bookId}`, reader.token);

const update = (reader: TestUser, body: Record<string, unknown>) =>
  http.post<Answer>("/api/reading/annotations/update", body, reader.token);

const remove = (reader: TestUser, id: string) =>
  http.post<{ state: string } & Failure>("/api/reading/annotations/delete", { id }, reader.token);

const storedOf = (userId: string) =>
  t.database.db.select().from(annotations).where(eq(annotations.userId, userId));

describe("annotation calls", () => {
  it("need a login", async () => {
    const { book } = await borrower();
    const answers = await Promise.all([
      http.get(`/api/reading/annotations?bookId=${book.id}`),
      http.post("/api/reading/annotations", highlight(book.id)),
      http.post("/api/reading/annotations/update", { id: 1, note: "x" }),
      http.post("/api/reading/annotations/delete", { id: 1 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
  });

  it("answer 404 for a book that is not in the catalogue", async () => {
    const reader = await createUser(t.app, t.database.db);
    const listed = await list(reader, 2_000_000_000);
    expect(listed.status).toBe(404);
    expect(listed.body.code).toBe("BOOK_NOT_FOUND");
    const made = await annotate(reader, highlight(2_000_000_000));
    expect(made.status).toBe(404);
    expect(made.body.code).toBe("BOOK_NOT_FOUND");
  });
});

describe("creating a bookmark or highlight", () => {
  it("keeps a highlight, yellow unless told, and a bookmark without a colour", async () => {
    const { book, reader } = await borrower();
    const before = t.clock.now().toISOString();
    const yellow = await annotate(reader, { ...highlight(book.id), note: "  Remember this. " });
    expect(yellow.status).toBe(200);
    expect(yellow.body).toEqual({
      state: "success",
      annotation: {
        id: expect.stringMatching(/^[1-9]\d*$/) as string,
        bookId: String(book.id),
        kind: "highlight",
        locator: locator(3),
        text: "It was a test.",
        note: "Remember this.",
        color: "yellow",
        createdAt: before,
        updatedAt: before,
      },
    });
    const green = await annotate(reader, highlight(book.id, { color: "green" }));
    expect(green.body.annotation.color).toBe("green");
    const mark = await annotate(reader, {
      bookId: book.id,
      kind: "bookmark",
      locator: locator(7),
      text: "The first words of the page",
    });
    expect(mark.status).toBe(200);
    expect(mark.body.annotation).toMatchObject({ kind: "bookmark", color: null, note: null });
    expect((await list(reader, book.id)).body.annotations.map((a) => a.id)).toEqual([
      yellow.body.annotation.id,
      green.body.annotation.id,
      mark.body.annotation.id,
    ]);
  });

  it("stores the locator as the contract reads it, dropping keys it does not know", async () => {
    const { book, reader } = await borrower();
    const made = await annotate(reader, {
      ...highlight(book.id),
      locator: { ...locator(2), script: "<script>alert(1)</script>" },
    });
    expect(made.status).toBe(200);
    const [row] = await storedOf(reader.id);
    expect(row!.locator).toEqual(locator(2));
    expect(row!.position).toBe(2);
  });

  it("refuses a colour for a bookmark, and a highlight without its words", async () => {
    const { book, reader } = await borrower();
    const coloured = await annotate(reader, {
      bookId: book.id,
      kind: "bookmark",
      locator: locator(1),
      color: "pink",
    });
    expect(coloured.status).toBe(400);
    expect(coloured.body).toMatchObject({
      code: "VALIDATION",
      message: "A bookmark has no colour: only highlights do. Leave color out.",
    });
    for (const text of [undefined, "   "]) {
      const bare = await annotate(reader, { ...highlight(book.id), text });
      expect(bare.status).toBe(400);
      expect(bare.body.message).toBe("A highlight needs text: the words it marks.");
    }
    expect(await storedOf(reader.id)).toEqual([]);
  });

  it.each([
    ["a locator without href", { locator: { type: "application/xhtml+xml" } }, "locator.href"],
    ["an empty href", { locator: { ...locator(1), href: "" } }, "locator.href"],
    ["text over 2000 characters", { text: "x".repeat(2001) }, "text"],
    [
      "a locator's highlight over 2000 characters",
      { locator: { ...locator(1), text: { highlight: "y".repeat(2001) } } },
      "locator.text.highlight",
    ],
    ["a note over 2000 characters", { note: "n".repeat(2001) }, "note"],
    ["a position that is no whole number", { locator: locator(1.5) }, "locator.locations.position"],
    ["an unknown kind", { kind: "note" }, "kind"],
    ["an unknown colour", { color: "red" }, "color"],
    ["a clientId that is no UUID", { clientId: "abc" }, "clientId"],
  ])("refuses %s with a 400 naming the field", async (_, change, field) => {
    const { book, reader } = await borrower();
    const refused = await annotate(reader, { ...highlight(book.id), ...change });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("VALIDATION");
    expect(refused.body.field).toBe(field);
    expect(refused.body.message).toMatch(new RegExp(`^${field.replace(/\./g, "\\.")} `));
    expect(await storedOf(reader.id)).toEqual([]);
  });

  it("refuses a reader who never borrowed the book", async () => {
    const { book } = await borrower();
    const stranger = await createUser(t.app, t.database.db);
    const refused = await annotate(stranger, highlight(book.id));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "NOT_BORROWED", message: READ_NOT_BORROWED });
    expect(await storedOf(stranger.id)).toEqual([]);
  });

  it("keeps one annotation for a clientId sent twice, and answers it again", async () => {
    const { book, reader } = await borrower();
    const clientId = randomUUID();
    const first = await annotate(reader, highlight(book.id, { clientId }));
    t.clock.advance(MINUTE);
    const again = await annotate(reader, highlight(book.id, { clientId, note: "changed" }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await storedOf(reader.id)).toHaveLength(1);

    // A clientId is the reader's own: another reader may send the same one.
    const other = await borrower();
    await borrow(other.reader, book.id);
    const theirs = await annotate(other.reader, highlight(book.id, { clientId }));
    expect(theirs.status).toBe(200);
    expect(theirs.body.annotation.id).not.toBe(first.body.annotation.id);
  });

  it("answers the same clientId sent at once only once", async () => {
    const { book, reader } = await borrower();
    const clientId = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => annotate(reader, highlight(book.id, { clientId }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.annotation.id)).size).toBe(1);
    expect(await storedOf(reader.id)).toHaveLength(1);
  });

  it("refuses a clientId already used for another book or kind", async () => {
    const { book, reader } = await borrower();
    const other = await createBook(t.database.db, { copies: 3, price: 100 });
    await borrow(reader, other.id);
    const clientId = randomUUID();
    await annotate(reader, highlight(book.id, { clientId }));
    for (const body of [
      highlight(other.id, { clientId }),
      { bookId: book.id, kind: "bookmark" as const, locator: locator(1), clientId },
    ]) {
      const refused = await annotate(reader, body);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: "CLIENT_ID_REUSED", field: "clientId" });
    }
    expect(await storedOf(reader.id)).toHaveLength(1);
  });

  it(`keeps at most ${ANNOTATIONS_PER_BOOK} in one book`, async () => {
    const { book, reader } = await borrower();
    const clientId = randomUUID();
    await annotate(reader, highlight(book.id, { clientId }));
    const now = t.clock.now();
    await t.database.db.insert(annotations).values(
      Array.from({ length: ANNOTATIONS_PER_BOOK - 2 }, (_, i) => ({
        userId: reader.id,
        bookId: book.id,
        kind: "bookmark",
        locator: locator(i + 1),
        position: i + 1,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const last = await annotate(reader, highlight(book.id));
    expect(last.status).toBe(200);
    const over = await annotate(reader, highlight(book.id));
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: "ANNOTATION_LIMIT",
      message: ANNOTATION_LIMIT_MESSAGE,
    });
    expect(await storedOf(reader.id)).toHaveLength(ANNOTATIONS_PER_BOOK);
    // A repeat of one already kept is no new annotation.
    expect((await annotate(reader, highlight(book.id, { clientId }))).status).toBe(200);
    // The limit is per book.
    const other = await createBook(t.database.db, { copies: 3, price: 100 });
    await borrow(reader, other.id);
    expect((await annotate(reader, highlight(other.id))).status).toBe(200);
  });
});

describe("listing a book's annotations", () => {
  it("orders them by position in the book, then by when they were made, unplaced last", async () => {
    const { book, reader } = await borrower();
    const made: Record<string, string> = {};
    for (const [name, position] of [
      ["five", 5],
      ["unplaced", undefined],
      ["two", 2],
      ["five-later", 5],
      ["one", 1],
    ] as const) {
      made[name] = (
        await annotate(reader, highlight(book.id, { locator: locator(position) }))
      ).body.annotation.id;
      t.clock.advance(MINUTE);
    }
    const listed = await list(reader, book.id);
    expect(listed.status).toBe(200);
    expect(listed.body.annotations.map((a) => a.id)).toEqual(
      ["one", "two", "five", "five-later", "unplaced"].map((name) => made[name]),
    );
  });

  it("shows a reader only their own", async () => {
    const { book, reader } = await borrower();
    await annotate(reader, highlight(book.id));
    const other = await createUser(t.app, t.database.db, { balancePence: 1000 });
    expect((await list(other, book.id)).body).toEqual({ state: "success", annotations: [] });
    await borrow(other, book.id);
    await annotate(other, highlight(book.id, { text: "Mine." }));
    expect((await list(other, book.id)).body.annotations.map((a) => a.text)).toEqual(["Mine."]);
    expect((await list(reader, book.id)).body.annotations.map((a) => a.text)).toEqual([
      "It was a test.",
    ]);
  });

  it("refuses a bookId that is no id", async () => {
    const reader = await createUser(t.app, t.database.db);
    const answer = await http.get<ErrorBody>("/api/reading/annotations?bookId=abc", reader.token);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe("bookId");
    expect((await http.get<ErrorBody>("/api/reading/annotations", reader.token)).status).toBe(400);
  });
});

describe("annotations outlive the loan", () => {
  it("stay after the book is returned, and are there when it is borrowed again months later", async () => {
    const { book, reader } = await borrower();
    const before = await annotate(reader, highlight(book.id));
    const returned = await http.post("/api/borrow/return", { bookId: book.id }, reader.token);
    expect(returned.status).toBe(200);
    // Made offline while the loan was open, synced after it ended.
    const late = await annotate(reader, { bookId: book.id, kind: "bookmark", locator: locator(9) });
    expect(late.status).toBe(200);
    expect((await list(reader, book.id)).body.annotations).toHaveLength(2);

    t.clock.advance(120 * DAY);
    const login = await http.post<LoginResponse>("/api/auth/login", {
      email: reader.email,
      password: reader.password,
    });
    const again = { ...reader, token: login.body.token };
    await borrow(again, book.id);
    expect((await list(again, book.id)).body.annotations.map((a) => a.id)).toEqual([
      before.body.annotation.id,
      late.body.annotation.id,
    ]);
  });

  it("still work for a reader of a book that has since been retired", async () => {
    const { book, reader } = await borrower();
    const made = await annotate(reader, highlight(book.id));
    await t.database.db
      .update(books)
      .set({ retiredAt: t.clock.now() })
      .where(eq(books.id, book.id));
    expect((await list(reader, book.id)).body.annotations).toHaveLength(1);
    expect((await annotate(reader, highlight(book.id, { locator: locator(8) }))).status).toBe(200);
    expect(
      (await update(reader, { id: made.body.annotation.id, note: "Still mine." })).status,
    ).toBe(200);
  });
});

describe("changing and deleting", () => {
  it("changes a highlight's note and colour, and moves updatedAt only", async () => {
    const { book, reader } = await borrower();
    const made = (await annotate(reader, highlight(book.id, { note: "first" }))).body.annotation;
    t.clock.advance(5 * MINUTE);
    const coloured = await update(reader, { id: made.id, color: "blue" });
    expect(coloured.status).toBe(200);
    expect(coloured.body.annotation).toEqual({
      ...made,
      color: "blue",
      updatedAt: t.clock.now().toISOString(),
    });
    t.clock.advance(MINUTE);
    const noted = await update(reader, { id: Number(made.id), note: "second" });
    expect(noted.body.annotation).toMatchObject({ note: "second", color: "blue" });
    expect(noted.body.annotation.createdAt).toBe(made.createdAt);
    expect(noted.body.annotation.updatedAt).toBe(t.clock.now().toISOString());
    const cleared = await update(reader, { id: made.id, note: "  " });
    expect(cleared.body.annotation.note).toBeNull();
    expect((await list(reader, book.id)).body.annotations).toEqual([cleared.body.annotation]);
  });

  it("notes a bookmark but refuses it a colour", async () => {
    const { book, reader } = await borrower();
    const mark = (
      await annotate(reader, { bookId: book.id, kind: "bookmark", locator: locator(4) })
    ).body.annotation;
    expect((await update(reader, { id: mark.id, note: "Chapter two" })).body.annotation.note).toBe(
      "Chapter two",
    );
    const refused = await update(reader, { id: mark.id, color: "pink" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "A bookmark has no colour: only highlights do. Leave color out.",
    );
    const [row] = await storedOf(reader.id);
    expect(row!.color).toBeNull();
  });

  it("refuses a change with nothing to change", async () => {
    const { book, reader } = await borrower();
    const made = (await annotate(reader, highlight(book.id))).body.annotation;
    const refused = await update(reader, { id: made.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Please fill at least one field to update");
  });

  it("deletes one, once", async () => {
    const { book, reader } = await borrower();
    const made = (await annotate(reader, highlight(book.id))).body.annotation;
    const kept = (await annotate(reader, highlight(book.id, { text: "Kept." }))).body.annotation;
    const gone = await remove(reader, made.id);
    expect(gone).toEqual({ status: 200, body: { state: "success" } });
    expect((await list(reader, book.id)).body.annotations).toEqual([kept]);
    const again = await remove(reader, made.id);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("ANNOTATION_NOT_FOUND");
  });

  it("answers 404 for another reader's annotation or an unknown id, and changes nothing", async () => {
    const { book, reader } = await borrower();
    const made = (await annotate(reader, highlight(book.id))).body.annotation;
    const other = await createUser(t.app, t.database.db);
    for (const id of [made.id, "2000000000"]) {
      for (const answer of [
        await update(other, { id, note: "Not yours" }),
        await remove(other, id),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({
          code: "ANNOTATION_NOT_FOUND",
          message: "This bookmark or highlight no longer exists.",
        });
      }
    }
    expect((await list(reader, book.id)).body.annotations).toEqual([made]);
  });
});

describe("deleting the account", () => {
  it("removes the reader's annotations and preferences", async () => {
    const { book, reader } = await borrower();
    await annotate(reader, highlight(book.id));
    const saved = await http.post(
      "/api/reading/preferences",
      {
        preferences: {
          fontSize: 1.25,
          fontFamily: "serif",
          lineHeight: 1.6,
          margins: "wide",
          theme: "sepia",
          layout: "scrolled",
        },
      },
      reader.token,
    );
    expect(saved.status).toBe(200);
    const preferencesOf = () =>
      t.database.db.select().from(readerPreferences).where(eq(readerPreferences.userId, reader.id));
    expect(await storedOf(reader.id)).toHaveLength(1);
    expect(await preferencesOf()).toHaveLength(1);

    expect((await http.post("/api/users/delete", undefined, reader.token)).status).toBe(200);
    expect(await storedOf(reader.id)).toEqual([]);
    expect(await preferencesOf()).toEqual([]);
  });
});
