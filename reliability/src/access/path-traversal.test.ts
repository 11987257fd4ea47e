import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../harness/access-raw";
import { webDist } from "../harness/env";
import { AccessScenario, type Victim } from "./scenario";

const access = AccessScenario.forFile("path traversal");
/** how the server answered the traversal attempts, by status */
const traversalStatuses: Record<number, number> = {};
access.figures.traversalStatuses = traversalStatuses;

let victim: Victim;
let canary: string;

beforeAll(async () => {
  victim = await access.newVictim();
  // Files a way out of the content store would reach.
  canary = `CANARY-${randomBytes(8).toString("hex")}`;
  await writeFile(path.join(access.dataDir, "canary.txt"), canary);
  await mkdir(path.join(access.dataDir, "content", "books"), { recursive: true });
  await writeFile(path.join(access.dataDir, "content", "canary.txt"), canary);
});

describe("access control, over HTTP, on PostgreSQL: path traversal", () => {
  it("refuses path traversal on content, covers and the web app, and never serves a file outside", async () => {
    const { api, bookIds, dataDir, figures, server, violations } = access;
    const seen = violations.length;
    const link = await api.post<{ contentURL: string }>(
      "/api/books/content",
      { bookId: victim.loanBook },
      victim.token,
    );
    const search = new URL(link.body.contentURL, server.base).search;
    const publication = await api.post<{ manifestURL: string }>(
      "/api/reading/publication",
      { bookId: victim.loanBook },
      victim.token,
    );
    expect(publication.status).toBe(200);
    // Every resource of the book sits under this: /api/publications/:bookId/:grant/
    const publicationBase = publication.body.manifestURL.replace(/manifest\.json$/, "");
    expect((await rawRequest(server.base, publication.body.manifestURL)).status).toBe(200);
    const outside = [
      "../../canary.txt",
      "..%2F..%2Fcanary.txt",
      "..%2fcanary.txt",
      "%2e%2e%2f%2e%2e%2fcanary.txt",
      "%2e%2e/%2e%2e/canary.txt",
      "%252e%252e%252f%252e%252e%252fcanary.txt",
      "..%252f..%252fcanary.txt",
      "..%5C..%5Ccanary.txt",
      "..\\..\\canary.txt",
      "%2Fetc%2Fpasswd",
      "%2fetc%2fpasswd%00.epub",
      `${victim.loanBook}.epub%00.txt`,
      `${victim.loanBook}%00.epub`,
      `..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd`,
      `..%c0%af..%c0%afcanary.txt`,
      `%c0%ae%c0%ae%2fcanary.txt`,
      `${encodeURIComponent(path.join(dataDir, "canary.txt"))}`,
      `${victim.loanBook}.epub%2F..%2F..%2Fcanary.txt`,
    ];
    const targets: { what: string; path: string; mustBe4xx: boolean }[] = [
      ...outside.map((p) => ({
        what: "content",
        path: `/api/content/${p}${search}`,
        mustBe4xx: true,
      })),
      ...[
        `/api/content//etc/passwd${search}`,
        `/api/content/${victim.loanBook}.epub/..%2F..%2Fcanary.txt${search}`,
      ].map((p) => ({ what: "content", path: p, mustBe4xx: true })),
      ...outside.map((p) => ({
        what: "publication resource",
        path: `${publicationBase}${p}`,
        mustBe4xx: true,
      })),
      ...[
        "OEBPS/..%2F..%2F..%2F..%2Fcanary.txt",
        "OEBPS/%2e%2e/%2e%2e/%2e%2e/%2e%2e/canary.txt",
        "OEBPS%2F..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd",
        "OEBPS%5C..%5C..%5C..%5Ccanary.txt",
        "%2F%2Fetc%2Fpasswd",
        "OEBPS//..//..//canary.txt",
        "manifest.json%2F..%2F..%2F..%2Fcanary.txt",
        "META-INF/..%2F..%2F..%2F..%2F..%2F..%2Fcontent%2Fcanary.txt",
      ].map((p) => ({
        what: "publication resource",
        path: `${publicationBase}${p}`,
        mustBe4xx: true,
      })),
      // The book id and grant segments are no way out either.
      ...["..%2F..%2Fcanary.txt", "%2e%2e", `${victim.loanBook}%2F..%2F..`].map((p) => ({
        what: "publication",
        path:
          publicationBase.replace(
            `/api/publications/${victim.loanBook}/`,
            `/api/publications/${p}/`,
          ) + "manifest.json",
        mustBe4xx: true,
      })),
      ...outside.map((p) => ({ what: "cover", path: `/api/books/${p}/cover`, mustBe4xx: true })),
      ...["..%2F..%2Fcanary.txt", "..%2F..%2F..%2Fpackage.json"].map((p) => ({
        what: "cover",
        path: `/api/books/${bookIds[0]}/cover/${p}`,
        mustBe4xx: true,
      })),
      // The web app answers its own index.html for any other GET: that, or a 4xx, is fine.
      ...[
        "/..%2F..%2Fpackage.json",
        "/%2e%2e/%2e%2e/package.json",
        "/%2e%2e%2f%2e%2e%2fpackage.json",
        "/assets/..%2F..%2F..%2Fpackage.json",
        "/assets/%252e%252e/%252e%252e/package.json",
        "/assets/..%5C..%5C..%5Cpackage.json",
        "/../../../../etc/passwd",
        "/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd",
        "//etc/passwd",
        "/%2Fetc%2Fpasswd",
        "/assets/%00",
        "/index.html%00.js",
        `/${encodeURIComponent(path.join(dataDir, "canary.txt"))}`,
      ].map((p) => ({ what: "web app", path: p, mustBe4xx: false })),
    ];
    const index = await readFile(path.join(webDist, "index.html"), "latin1");
    const passwd = await readFile("/etc/passwd", "latin1").catch(() => "root:x:0:0");
    const forbidden = [canary, passwd.slice(0, 40), '"workspaces"', "function buildApp"];
    for (const target of targets) {
      const answer = await rawRequest(server.base, target.path);
      const leaked = forbidden.filter((text) => answer.body.includes(text));
      access.expectThat(
        leaked.length === 0 && !answer.body.startsWith("PK"),
        `${target.what} ${target.path}: served a file from outside`,
        { status: answer.status, text: answer.body },
      );
      traversalStatuses[answer.status] = (traversalStatuses[answer.status] ?? 0) + 1;
      const refused = answer.status >= 400 && answer.status < 500;
      const ok = target.mustBe4xx
        ? refused
        : refused || (answer.status === 200 && answer.body === index);
      access.expectThat(ok, `${target.what} ${target.path}: expected a 4xx`, {
        status: answer.status,
        text: answer.body,
      });
      if (refused) figures.refusedAsExpected += 1;
    }
    expect(violations.slice(seen)).toEqual([]);
    expect(api.tally.serverErrors).toEqual([]);
  });

  it("leaves the database consistent and the server without errors", async () => {
    await access.expectConsistentEnd();
  });
});
