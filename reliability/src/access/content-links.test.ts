import { beforeAll, describe, expect, it } from "vitest";
import {
  signContentUrl,
  signPublicationGrant,
} from "../../../server/src/features/reading/signed-url";
import { rawRequest } from "../harness/access-raw";
import { AccessScenario, type Victim } from "./scenario";

const access = AccessScenario.forFile("content links");

let victim: Victim;

beforeAll(async () => {
  victim = await access.newVictim();
});

describe("access control, over HTTP, on PostgreSQL: content links", () => {
  it("honours a content link only unaltered, for its own book and reader, and in time", async () => {
    const { api, database, figures, server, violations } = access;
    const seen = violations.length;
    const other = await access.newReader(0);
    const link = await api.post<{ contentURL: string }>(
      "/api/books/content",
      { bookId: victim.loanBook },
      victim.token,
    );
    expect(link.status).toBe(200);
    const url = new URL(link.body.contentURL, server.base);
    const good = await rawRequest(server.base, url.pathname + url.search);
    expect(good.status).toBe(200);
    expect(good.body.startsWith("PK")).toBe(true);

    const q = Object.fromEntries(url.searchParams) as {
      u: string;
      n: string;
      e: string;
      s: string;
    };
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith("A") ? "B" : "A"}`;
    const query = (over: Partial<typeof q>) =>
      `?${new URLSearchParams({ ...q, ...over }).toString()}`;
    const nowSeconds = Math.floor(Date.now() / 1000);
    // A link is signed for a session too; the other reader's own live one, from the database.
    const [otherSession] = await database.query<{ id: string }>(
      "select id from sessions where user_id = $1 and revoked_at is null order by id desc limit 1",
      [other.id],
    );
    const sessionOf = (userId: string) =>
      userId === victim.id ? Number(q.n) : Number(otherSession!.id);
    // The signer is the server's own, which keys a link by the book's row id (a number).
    const signed = (
      grant: { bookId: string; userId: string; expires: number },
      key = access.secret,
    ) =>
      signContentUrl(key, {
        ...grant,
        bookId: Number(grant.bookId),
        sessionId: sessionOf(grant.userId),
      });
    const attempts: [string, string, number, string?][] = [
      [
        "signature altered",
        `${url.pathname}${query({ s: flip(q.s) })}`,
        403,
        "CONTENT_LINK_INVALID",
      ],
      ["signature cut short", `${url.pathname}${query({ s: q.s.slice(0, 20) })}`, 403],
      ["signature left out", `${url.pathname}?u=${q.u}&n=${q.n}&e=${q.e}`, 403],
      [
        "another session in the link",
        `${url.pathname}${query({ n: String(Number(q.n) + 1) })}`,
        403,
      ],
      ["another reader in the link", `${url.pathname}${query({ u: other.id })}`, 403],
      ["expiry pushed back", `${url.pathname}${query({ e: String(Number(q.e) + 3600) })}`, 403],
      ["another book, borrowed too", `/api/content/${victim.otherLoanBook}.epub${url.search}`, 403],
      ["another book, not borrowed", `/api/content/${victim.cartBook}.epub${url.search}`, 403],
      [
        "expired",
        signed({ bookId: victim.loanBook, userId: victim.id, expires: nowSeconds - 60 }),
        403,
        "CONTENT_LINK_EXPIRED",
      ],
      [
        "signed with another secret",
        signed(
          { bookId: victim.loanBook, userId: victim.id, expires: nowSeconds + 600 },
          "x".repeat(64),
        ),
        403,
      ],
      [
        "properly signed for a reader without the loan",
        signed({ bookId: victim.loanBook, userId: other.id, expires: nowSeconds + 600 }),
        400,
        "NOT_BORROWED",
      ],
    ];
    for (const [what, target, status, code] of attempts) {
      await access.leavesVictimAlone(victim, `content link ${what}`, async () => {
        const answer = await rawRequest(server.base, target);
        const ok =
          answer.status === status &&
          !answer.body.startsWith("PK") &&
          (!code || answer.body.includes(code));
        access.expectThat(ok, `content link ${what}: expected ${status}`, {
          status: answer.status,
          text: answer.body,
        });
        if (ok) figures.refusedAsExpected += 1;
      });
    }

    // A link outlives nothing: once the book is returned, the link made before stops working.
    const second = await api.post<{ contentURL: string }>(
      "/api/books/content",
      { bookId: victim.otherLoanBook },
      victim.token,
    );
    expect(second.status).toBe(200);
    expect((await api.get(second.body.contentURL)).status).toBe(200);
    // So does a publication link, for its manifest and every resource under it.
    const publication = await api.post<{ manifestURL: string }>(
      "/api/reading/publication",
      { bookId: victim.otherLoanBook },
      victim.token,
    );
    expect(publication.status).toBe(200);
    const publicationFiles = [
      publication.body.manifestURL,
      publication.body.manifestURL.replace(/manifest\.json$/, "positions.json"),
      publication.body.manifestURL.replace(/manifest\.json$/, "OEBPS/chapter-001.xhtml"),
    ];
    for (const file of publicationFiles)
      expect((await rawRequest(server.base, file)).status).toBe(200);
    expect(
      (await api.post("/api/borrow/return", { bookId: victim.otherLoanBook }, victim.token)).status,
    ).toBe(200);
    const afterReturn = await api.get(second.body.contentURL);
    access.expectThat(
      afterReturn.status === 400,
      "content link after return: expected 400",
      afterReturn,
    );
    for (const file of publicationFiles) {
      const answer = await rawRequest(server.base, file);
      access.expectThat(
        answer.status === 400 && answer.body.includes("NOT_BORROWED"),
        `publication ${file.split("/").slice(5).join("/")} after return: expected 400`,
        { status: answer.status, text: answer.body },
      );
    }
    expect(violations.slice(seen)).toEqual([]);
  });

  it("honours a publication link only unaltered, for its own book and reader, and in time", async () => {
    const { api, database, figures, server, violations } = access;
    const seen = violations.length;
    const other = await access.newReader(0);
    const link = await api.post<{ manifestURL: string }>(
      "/api/reading/publication",
      { bookId: victim.loanBook },
      victim.token,
    );
    expect(link.status).toBe(200);
    // /api/publications/:bookId/:grant/manifest.json
    const [, , , bookId, grant] = link.body.manifestURL.split("/") as [
      string,
      string,
      string,
      string,
      string,
    ];
    const at = (book: string, segment: string, file: string) =>
      `/api/publications/${book}/${segment}/${file}`;
    const manifest = await rawRequest(server.base, link.body.manifestURL);
    expect(manifest.status).toBe(200);
    const readingOrder = (JSON.parse(manifest.body) as { readingOrder: { href: string }[] })
      .readingOrder;
    const chapter = readingOrder[1]!.href;
    const page = await rawRequest(server.base, at(bookId, grant, chapter));
    expect(page.status).toBe(200);
    expect(page.body).toContain("<html");

    const [user, session, expires, signature] = grant.split(".") as [
      string,
      string,
      string,
      string,
    ];
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith("A") ? "B" : "A"}`;
    const nowSeconds = Math.floor(Date.now() / 1000);
    const [otherSession] = await database.query<{ id: string }>(
      "select id from sessions where user_id = $1 and revoked_at is null order by id desc limit 1",
      [other.id],
    );
    const signed = (
      grantFor: { bookId: string; userId: string; sessionId: number; expires: number },
      key = access.secret,
    ) => signPublicationGrant(key, { ...grantFor, bookId: Number(grantFor.bookId) });
    const contentSignature = new URL(
      signContentUrl(access.secret, {
        bookId: Number(bookId),
        userId: user,
        sessionId: Number(session),
        expires: Number(expires),
      }),
      server.base,
    ).searchParams.get("s")!;
    const grants: [string, string, number, string?][] = [
      [
        "signature altered",
        `${user}.${session}.${expires}.${flip(signature)}`,
        403,
        "CONTENT_LINK_INVALID",
      ],
      ["signature cut short", `${user}.${session}.${expires}.${signature.slice(0, 20)}`, 403],
      ["signature left out", `${user}.${session}.${expires}`, 403],
      [
        "another session in the link",
        `${user}.${Number(session) + 1}.${expires}.${signature}`,
        403,
      ],
      ["another reader in the link", `${other.id}.${session}.${expires}.${signature}`, 403],
      ["expiry pushed back", `${user}.${session}.${Number(expires) + 3600}.${signature}`, 403],
      ["a content link's signature", `${user}.${session}.${expires}.${contentSignature}`, 403],
      [
        "expired",
        signed({ bookId, userId: user, sessionId: Number(session), expires: nowSeconds - 60 }),
        403,
        "CONTENT_LINK_EXPIRED",
      ],
      [
        "signed with another secret",
        signed(
          { bookId, userId: user, sessionId: Number(session), expires: nowSeconds + 600 },
          "x".repeat(64),
        ),
        403,
      ],
      [
        "properly signed for another reader, without the loan",
        signed({
          bookId,
          userId: other.id,
          sessionId: Number(otherSession!.id),
          expires: nowSeconds + 600,
        }),
        400,
        "NOT_BORROWED",
      ],
    ];
    const attempts: [string, string, number, string?][] = [
      ...grants.flatMap(([what, segment, status, code]) =>
        ["manifest.json", "positions.json", chapter].map(
          (file) =>
            [`${what} (${file})`, at(bookId, segment, file), status, code] as [
              string,
              string,
              number,
              string?,
            ],
        ),
      ),
      ["another book, borrowed too", at(victim.otherLoanBook, grant, "manifest.json"), 403],
      ["another book, not borrowed", at(victim.cartBook, grant, "manifest.json"), 403],
      ["another book's chapter", at(victim.cartBook, grant, chapter), 403],
    ];
    for (const [what, target, status, code] of attempts) {
      await access.leavesVictimAlone(victim, `publication link ${what}`, async () => {
        const answer = await rawRequest(server.base, target);
        const ok =
          answer.status === status &&
          // Nothing of the book: no manifest, no positions, no page.
          !answer.body.includes('"readingOrder"') &&
          !answer.body.includes('"positions"') &&
          !answer.body.includes("<html") &&
          (!code || answer.body.includes(code));
        access.expectThat(ok, `publication link ${what}: expected ${status}`, {
          status: answer.status,
          text: answer.body,
        });
        if (ok) figures.refusedAsExpected += 1;
      });
    }
    expect(violations.slice(seen)).toEqual([]);
  });

  it("leaves the database consistent and the server without errors", async () => {
    await access.expectConsistentEnd();
  });
});
