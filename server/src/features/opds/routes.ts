// The OPDS catalogue (issue 26): the same feeds as OPDS 1.2 (Atom) under /opds/1.2 and as OPDS
// 2.0 (JSON) under /opds/2.0, and the Authentication document both point to. Browsing needs no
// sign-in; the shelf and borrowing do, by HTTP Basic (email and password or app password) or a
// bearer token, with the login's limits (accounts/app-sign-in.ts).
import { idSchema, pageSchema } from "@folio/contract/common";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { authenticateApp, type AppCaller } from "../accounts";
import * as atom from "./atom";
import {
  bookEntry,
  borrowFromFeed,
  BorrowRefused,
  categoriesPage,
  categoryPage,
  listPage,
  rootPage,
  searchPage,
  shelfPage,
  type Entry,
  type Page,
} from "./feeds";
import * as json from "./json";

const tags = ["opds"];
const security: { [scheme: string]: string[] }[] = [{ basic: [] }, { bearer: [] }];

const pageQuery = z.object({ page: pageSchema.optional() });
const searchQuery = z.object({
  q: z.string().max(200, { error: "must be at most 200 characters" }).optional(),
  /** OPDS 2.0's templated link names it `query` */
  query: z.string().max(200, { error: "must be at most 200 characters" }).optional(),
  page: pageSchema.optional(),
});
const bookParams = z.object({ id: idSchema });

/** The OPDS Authentication document: how an app signs in, and where to get an app password. */
export function authenticationDocument(origin: string, description?: string) {
  return {
    id: `${origin}${json.OPDS2_ROOT}/authentication`,
    title: "Folio",
    description:
      description ??
      "Sign in with your Folio email and password. With two-factor sign-in on, use an app password from Settings instead of your password.",
    links: [
      { rel: "logo", href: `${origin}/icon-192.png`, type: "image/png" },
      { rel: "register", href: `${origin}/register`, type: "text/html" },
      { rel: "help", href: `${origin}/user/read-in-apps`, type: "text/html" },
    ],
    authentication: [
      {
        type: "http://opds-spec.org/auth/basic",
        labels: { login: "Email", password: "Password or app password" },
      },
    ],
  };
}

/**
 * A refused sign-in answers the Authentication document (OPDS Authentication 1.0 §2.2), with
 * the refusal's own words as its description and a Basic challenge for apps that wait for one.
 * `origin` is PUBLIC_URL: the Host header is the caller's to write, and an app follows these
 * links with the reader's password.
 */
function answerSignInRefused(reply: FastifyReply, origin: string, error: AppError) {
  const words = error.code === "UNAUTHORIZED" ? undefined : error.message;
  return (
    reply
      .status(401)
      .header("www-authenticate", 'Basic realm="Folio", charset="UTF-8"')
      .header("x-error-code", error.code)
      .type(json.OPDS2_AUTHENTICATION)
      // The API's error fields beside the document's own: a client of either reads its part.
      .send({
        ...authenticationDocument(origin, words),
        state: "error",
        code: error.code,
        message: error.message,
      })
  );
}

/** The caller when the request carries credentials (wrong ones are refused), else null. */
async function optionalCaller(ctx: AppContext, request: FastifyRequest) {
  return request.headers.authorization === undefined ? null : authenticateApp(ctx, request);
}

/**
 * A browser page elsewhere must not borrow with credentials the browser keeps: a request a
 * browser sends from another site says so (Sec-Fetch-Site), and apps send no such header.
 */
function refuseCrossSite(request: FastifyRequest) {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none")
    throw new AppError(403, "CROSS_SITE", "Borrow from an e-reader app or from the shop itself.");
}

interface Version {
  root: string;
  feedType: (page: Page) => string;
  feed: (page: Page, updated: string) => string | object;
  entryType: string;
  entry: (entry: Entry, updated: string) => string | object;
}

const versions: Version[] = [
  {
    root: atom.OPDS1_ROOT,
    feedType: (page) =>
      `${page.kind === "navigation" ? atom.NAVIGATION_FEED : atom.ACQUISITION_FEED};charset=utf-8`,
    feed: atom.feed,
    entryType: `${atom.ENTRY};charset=utf-8`,
    entry: atom.entryDocument,
  },
  {
    root: json.OPDS2_ROOT,
    feedType: () => `${json.OPDS2_FEED}; charset=utf-8`,
    feed: json.feed,
    entryType: `${json.OPDS2_PUBLICATION}; charset=utf-8`,
    entry: json.publicationDocument,
  },
];

export const opdsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The few links that must be absolute start at the shop's configured address (PUBLIC_URL, as
  // mail's links do), never at the request's Host header, which anyone can forge.
  const origin = ctx.config.publicUrl;

  // OPDS answers its own sign-in refusals: the document, not the API's error body.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AppError && error.status === 401)
      return answerSignInRefused(reply, origin, error);
    if (error instanceof BorrowRefused)
      return reply
        .status(error.status)
        .type("application/problem+json")
        .send({
          type: `urn:folio:borrow:${error.code}`,
          title: error.message,
          status: error.status,
          detail: error.message,
          state: "error",
          code: error.code,
          message: error.message,
          borrowState: error.state,
          ...error.details,
        });
    throw error;
  });

  const updated = () => ctx.clock.now().toISOString();
  const send = (reply: FastifyReply, version: Version, page: Page, own: boolean) =>
    reply
      .type(version.feedType(page))
      // A feed with the reader's loans in it is theirs alone; the catalogue may be kept a while.
      .header("cache-control", own ? "private, no-store" : "private, max-age=30")
      .header("vary", "authorization")
      .send(version.feed(page, updated()));

  api.get(
    "/opds/2.0/authentication",
    {
      schema: { tags, summary: "The OPDS Authentication document: how an app signs in" },
    },
    async (_request, reply) =>
      reply.type(json.OPDS2_AUTHENTICATION).send(authenticationDocument(origin)),
  );

  api.get(
    "/opds/1.2/opensearch.xml",
    { schema: { tags, summary: "The OpenSearch description of the OPDS 1.2 search" } },
    async (_request, reply) =>
      reply.type(`${atom.OPENSEARCH};charset=utf-8`).send(atom.openSearchDescription(origin)),
  );

  for (const version of versions) {
    const label = version.root === atom.OPDS1_ROOT ? "OPDS 1.2" : "OPDS 2.0";

    api.get(
      version.root,
      { schema: { tags, security, summary: `${label}: the catalogue's start` } },
      async (request, reply) => {
        const caller = await optionalCaller(ctx, request);
        return send(reply, version, rootPage(caller !== null), false);
      },
    );

    for (const which of ["popular", "new"] as const) {
      api.get(
        `${version.root}/${which}`,
        {
          schema: {
            tags,
            security,
            summary: `${label}: ${which === "popular" ? "the most borrowed books" : "the newest books"}`,
            querystring: pageQuery,
          },
        },
        async (request, reply) => {
          const caller = await optionalCaller(ctx, request);
          const page = await listPage(ctx, caller, which, request.query.page ?? 1);
          return send(reply, version, page, caller !== null);
        },
      );
    }

    api.get(
      `${version.root}/categories`,
      { schema: { tags, summary: `${label}: every category` } },
      async (_request, reply) => send(reply, version, await categoriesPage(ctx), false),
    );

    api.get(
      `${version.root}/categories/:id`,
      {
        schema: {
          tags,
          security,
          summary: `${label}: the books of a category`,
          params: bookParams,
          querystring: pageQuery,
        },
      },
      async (request, reply) => {
        const caller = await optionalCaller(ctx, request);
        const page = await categoryPage(ctx, caller, request.params.id, request.query.page ?? 1);
        return send(reply, version, page, caller !== null);
      },
    );

    api.get(
      `${version.root}/search`,
      {
        schema: {
          tags,
          security,
          summary: `${label}: search by title, then author`,
          querystring: searchQuery,
        },
      },
      async (request, reply) => {
        const words = (request.query.q ?? request.query.query ?? "").trim();
        if (!words)
          throw new AppError(
            400,
            "VALIDATION",
            "Please type a title or an author to search for.",
            "q",
          );
        const caller = await optionalCaller(ctx, request);
        const page = await searchPage(ctx, caller, words, request.query.page ?? 1);
        return send(reply, version, page, caller !== null);
      },
    );

    api.get(
      `${version.root}/shelf`,
      { schema: { tags, security, summary: `${label}: the caller's loans and holds` } },
      async (request, reply) => {
        const caller = await authenticateApp(ctx, request);
        return send(reply, version, await shelfPage(ctx, caller), true);
      },
    );

    api.get(
      `${version.root}/books/:id`,
      { schema: { tags, security, summary: `${label}: one book`, params: bookParams } },
      async (request, reply) => {
        const caller = await optionalCaller(ctx, request);
        const entry = await bookEntry(ctx, caller, request.params.id);
        return reply
          .type(version.entryType)
          .header("cache-control", "private, no-store")
          .send(version.entry(entry, updated()));
      },
    );

    const borrow = async (
      request: FastifyRequest<{ Params: z.infer<typeof bookParams> }>,
      reply: FastifyReply,
    ) => {
      refuseCrossSite(request);
      const caller: AppCaller = await authenticateApp(ctx, request);
      const { entry, created } = await borrowFromFeed(ctx, caller, request.params.id);
      return reply
        .status(created ? 201 : 200)
        .type(version.entryType)
        .header("cache-control", "private, no-store")
        .send(version.entry(entry, updated()));
    };
    for (const method of ["POST", "PUT"] as const) {
      api.route({
        method,
        url: `${version.root}/books/:id/borrow`,
        schema: {
          tags,
          security,
          summary: `${label}: borrow a book (a hold when no copy is free), paid from the balance`,
          params: bookParams,
        },
        handler: borrow,
      });
    }
  }
};
