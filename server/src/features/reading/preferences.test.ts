import type { ErrorBody } from "@folio/contract/common";
import type { ReaderPreferences, ReaderPreferencesResponse } from "@folio/contract/reading";
import { beforeAll, describe, expect, it } from "vitest";
import { MINUTE } from "../../clock";
import { createUser, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { httpClient } from "../../test/http";

type Answer = ReaderPreferencesResponse & Partial<Omit<ErrorBody, "state">>;

let http: ReturnType<typeof httpClient>;
const t = useTestApp();
beforeAll(() => {
  http = httpClient(t.app);
});

const large: ReaderPreferences = {
  fontSize: 1.5,
  fontFamily: "dyslexic",
  lineHeight: 1.8,
  margins: "wide",
  theme: "dark",
  layout: "scrolled",
};

const load = (reader: TestUser) => http.get<Answer>("/api/reading/preferences", reader.token);
const save = (reader: TestUser, preferences: unknown) =>
  http.post<Answer>("/api/reading/preferences", { preferences }, reader.token);

describe("reader preferences", () => {
  it("need a login", async () => {
    expect((await http.get("/api/reading/preferences")).status).toBe(401);
    expect((await http.post("/api/reading/preferences", { preferences: large })).status).toBe(401);
  });

  it("are null until the reader first saves them", async () => {
    const reader = await createUser(t.app, t.database.db);
    expect(await load(reader)).toEqual({
      status: 200,
      body: { state: "success", preferences: null, updatedAt: null },
    });
  });

  it("keep the full set each save, in place of the last, for every session of the reader", async () => {
    const reader = await createUser(t.app, t.database.db);
    const first = await save(reader, large);
    expect(first).toEqual({
      status: 200,
      body: { state: "success", preferences: large, updatedAt: t.clock.now().toISOString() },
    });
    expect((await load(reader)).body).toEqual(first.body);

    t.clock.advance(MINUTE);
    const smaller = { ...large, fontSize: 0.75, theme: "sepia", layout: "paginated" } as const;
    const second = await save(reader, smaller);
    expect(second.body).toEqual({
      state: "success",
      preferences: smaller,
      updatedAt: t.clock.now().toISOString(),
    });
    const other = await http.post<{ token: string }>("/api/auth/login", {
      email: reader.email,
      password: reader.password,
    });
    expect((await load({ ...reader, token: other.body.token })).body).toEqual(second.body);
  });

  it("keep the alignment and each book's own layout and text size", async () => {
    const reader = await createUser(t.app, t.database.db);
    const withBooks: ReaderPreferences = {
      ...large,
      textAlign: "justify",
      books: { "12": { fontSize: 1.2, layout: "paginated" }, "31": { fontSize: 0.85 } },
    };
    const saved = await save(reader, withBooks);
    expect(saved.status).toBe(200);
    expect((await load(reader)).body.preferences).toEqual(withBooks);
  });

  it("are each reader's own", async () => {
    const reader = await createUser(t.app, t.database.db);
    const other = await createUser(t.app, t.database.db);
    await save(reader, large);
    expect((await load(other)).body.preferences).toBeNull();
  });

  it.each([
    ["a font size of 9", { ...large, fontSize: 9 }, "preferences.fontSize"],
    ["a font size under 0.75", { ...large, fontSize: 0.5 }, "preferences.fontSize"],
    ["a font size as text", { ...large, fontSize: "big" }, "preferences.fontSize"],
    ["a line height of 3", { ...large, lineHeight: 3 }, "preferences.lineHeight"],
    ["an unknown theme", { ...large, theme: "neon" }, "preferences.theme"],
    ["an unknown font", { ...large, fontFamily: "comic" }, "preferences.fontFamily"],
    ["a set without its layout", { ...large, layout: undefined }, "preferences.layout"],
    ["no set at all", undefined, "preferences"],
    ["an unknown alignment", { ...large, textAlign: "centre" }, "preferences.textAlign"],
    [
      "a book's font size of 9",
      { ...large, books: { "12": { fontSize: 9 } } },
      "preferences.books.12.fontSize",
    ],
    [
      "a book by a name, not an id",
      { ...large, books: { moby: { fontSize: 1 } } },
      "preferences.books.moby",
    ],
  ])("refuse %s with a 400 a person understands, keeping the last", async (_, sent, field) => {
    const reader = await createUser(t.app, t.database.db);
    const kept = await save(reader, large);
    const refused = await save(reader, sent);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("VALIDATION");
    expect(refused.body.field).toBe(field);
    expect(refused.body.message).toMatch(new RegExp(`^${field.replace(/\./g, "\\.")} (must|is)`));
    expect((await load(reader)).body).toEqual(kept.body);
  });

  it("say which numbers a font size may be", async () => {
    const reader = await createUser(t.app, t.database.db);
    const refused = await save(reader, { ...large, fontSize: 9 });
    expect(refused.body.message).toBe("preferences.fontSize must be a number from 0.75 to 2.5.");
  });
});
