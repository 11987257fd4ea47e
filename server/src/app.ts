import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { healthSchema } from "@folio/contract/common";
import Fastify, { type FastifyInstance } from "fastify";
import helmet from "helmet";
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import path from "node:path";
import { systemClock, type Clock } from "./clock";
import type { Config } from "./config";
import type { AppContext } from "./context";
import type { DatabaseHandle } from "./db/client";
import { eventHandlers, type SomeEventHandlers } from "./events";
import { accountsPlugin, authenticate, mailWelcome, sendPasswordReset } from "./features/accounts";
import { cataloguePlugin } from "./features/catalogue";
import {
  cancelHoldsOfDeletedAccount,
  circulationPlugin,
  countOpenHolds,
  countOpenLoans,
  exportHoldsOf,
  exportLoansOf,
  mailAboutLoan,
  remindAtLogin,
  returnAllOpenLoans,
} from "./features/circulation";
import { exportCartOf, exportWishlistOf, listsPlugin } from "./features/lists";
import {
  exportMailsTo,
  fileTransport,
  MailDelivery,
  notificationsPlugin,
  outboxBacklog,
  smtpTransport,
  type MailTransport,
} from "./features/notifications";
import { exportLedgerOf, exportPaymentsOf, paymentsPlugin } from "./features/payments";
import { exportAnnotationsOf, exportReadingProgressOf, readingPlugin } from "./features/reading";
import { deleteReviewsOf, exportReviewsOf, reviewsPlugin } from "./features/reviews";
import { staffPlugin } from "./features/staff";
import { opdsPlugin } from "./features/opds";
import type { ContentStore } from "./storage/content-store";
import { registerBenchRoutes } from "./http/bench-routes";
import { registerCors } from "./http/cors";
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandling,
  registerNotFound,
} from "./http/error-handler";
import { registerJsonBodies } from "./http/json-body";
import { registerMetrics } from "./http/metrics";
import { registerReadiness } from "./http/readiness";
import { registerNulGuard } from "./http/nul-characters";
import { Scheduler } from "./jobs/scheduler";
import { loggerOptions, RequestLog, requestIdOf, type LogDestination } from "./logging";
import { createRateLimiter } from "./rate-limit";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  content: ContentStore;
  clock?: Clock;
  /** Defaults to SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. */
  mailTransport?: MailTransport;
  /** Where log lines go; standard output by default. */
  logDestination?: LogDestination;
  /** Handlers run after the app's own (tests listen, or make one fail to see a rollback). */
  eventHandlers?: SomeEventHandlers;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The outbox worker; main starts it, tests drive it. Stopped when the app closes. */
  mailDelivery: MailDelivery;
  /** Loan sweeps and nightly work; main starts it. Stopped when the app closes. */
  scheduler: Scheduler;
}

/** The built web app: WEB_DIST, else web/dist beside this package (source tree or bundle). */
function findWebDist(config: Config): string | null {
  const candidates = config.webDist
    ? [path.resolve(config.webDist)]
    : [
        fileURLToPath(new URL("../../web/dist", import.meta.url)),
        fileURLToPath(new URL("../web/dist", import.meta.url)),
      ];
  return candidates.find((dir) => existsSync(path.join(dir, "index.html"))) ?? null;
}

export async function buildApp({
  config,
  database,
  content,
  clock = systemClock,
  mailTransport,
  logDestination,
  eventHandlers: extraHandlers = {},
}: AppDeps): Promise<BuiltApp> {
  const app = Fastify({
    logger: await loggerOptions(config, logDestination),
    // Ids unique across processes and restarts (or the proxy's own), sent back as x-request-id.
    genReqId: requestIdOf,
    logController: new RequestLog(),
    bodyLimit: config.bodyLimit,
    // Ids in paths are digits; a longer path is no route of ours.
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });

  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed by the contract at compile time; serialising them needs no second check.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandling(app);
  registerJsonBodies(app);
  registerNulGuard(app);

  // Helmet's middleware, built once: @fastify/helmet built it again for every request, which
  // cost a tenth of a bare request's time (docs/performance.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        // The reader's chapter frames are blob: documents that inherit this policy; Readium's
        // navigator gives them its stylesheets and helper scripts as blob: URLs, which only our
        // own scripts can mint (decision 024).
        styleSrc: ["'self'", "'unsafe-inline'", "blob:"],
        scriptSrc: ["'self'", "blob:"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // No page of ours may be framed by anyone, ourselves included (clickjacking).
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    // No answer of the API may be kept by a browser or a proxy unless its route says so (covers
    // do): most carry a reader's data or a token. A route's own header replaces this one. So too
    // the OPDS catalogue: its feeds say how long they keep; its refusals, never.
    if (request.url.startsWith("/api/") || /^\/opds(?:[/?]|$)/.test(request.url)) {
      reply.raw.setHeader("cache-control", "no-store");
    }
    securityHeaders(request.raw, reply.raw, () => done());
  });
  registerCors(app, config.corsOrigins);

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Folio e-book lending API",
        version: "1.0.0",
        description:
          "Money crosses the wire as pounds with 2 decimals. Ids go out as strings of digits (\"31\"); a call takes an id as a number or a string of digits. Failures answer {state: 'error', code, message}.",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          // The OPDS catalogue's sign-in for e-reader apps (issue 26).
          basic: { type: "http", scheme: "basic" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const startedAt = Date.now();
  api.get(
    "/api/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness: the process answers and reaches its database",
        response: { 200: healthSchema },
      },
    },
    async () => {
      await database.db.execute("select 1");
      return {
        state: "success" as const,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
    },
  );

  registerReadiness(app, { db: database.db, content });

  // No database, no auth: the yardstick the benchmark compares every API call with.
  api.get(
    "/api/ping",
    { schema: { tags: ["system"], summary: "Answers at once, touching nothing (benchmarks)" } },
    () => ({ state: "success" as const }),
  );
  // The yardstick for cached answers of a given size (docs/performance.md); never in a shop.
  if (config.benchRoutes) registerBenchRoutes(app);

  const transport =
    mailTransport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl)
      : fileTransport(path.join(config.dataDir, "mail")));
  const mailDelivery = new MailDelivery({
    db: database.db,
    transport,
    clock,
    from: config.mailFrom,
    log: app.log,
    claimMs: config.mailClaimSeconds * 1000,
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    clock,
    content,
    rateLimiter: createRateLimiter(database.db, clock),
    // Who reacts to what, fixed here (decision 016): when an account goes, its holds are
    // cancelled (kept copies pass on), its open loans returned (their copies freed) and its
    // reviews leave the books' ratings.
    events: eventHandlers(
      { accountDeleted: [cancelHoldsOfDeletedAccount, returnAllOpenLoans, deleteReviewsOf] },
      extraHandlers,
    ),
    mail: { format: { timeZone: config.timeZone }, nudge: () => mailDelivery.nudge() },
  };
  const scheduler = new Scheduler(ctx, app.log);
  registerMetrics(app, {
    token: config.metricsToken,
    database,
    reads: {
      openLoans: () => countOpenLoans(database.db),
      openHolds: () => countOpenHolds(database.db),
      outboxBacklog: () => outboxBacklog(database.db, clock.now()),
    },
    jobRecords: () => scheduler.jobRecords(),
  });
  app.addHook("onClose", async () => {
    await scheduler.stop();
    await mailDelivery.stop();
    transport.close();
  });

  // Each feature's calls, one plugin each; what one feature needs of another above it is given
  // here (decision 016): the after-login reminder, the data export's sections, the mail writers.
  await app.register(cataloguePlugin, { db: database.db, content });
  await app.register(accountsPlugin, {
    ctx,
    // A reader who signs in hears of loans due soon, should the sweep not have told them yet.
    afterLogin: [(userId: string) => remindAtLogin(ctx, userId)],
    // The data export: accounts' own sections, and each other feature's read of its own tables.
    exportSections: {
      loans: (db, owner) => exportLoansOf(db, owner.id),
      ledger: (db, owner) => exportLedgerOf(db, owner.id),
      payments: (db, owner) => exportPaymentsOf(db, owner.id),
      cart: (db, owner) => exportCartOf(db, owner.id),
      wishlist: (db, owner) => exportWishlistOf(db, owner.id),
      holds: (db, owner) => exportHoldsOf(db, owner.id),
      reviews: (db, owner) => exportReviewsOf(db, owner.id),
      annotations: (db, owner) => exportAnnotationsOf(db, owner.id),
      readingProgress: (db, owner) => exportReadingProgressOf(db, owner.id),
      mails: (db, owner) => exportMailsTo(db, owner.email, owner.createdAt),
    },
  });
  await app.register(notificationsPlugin, {
    ctx,
    authenticate,
    writers: { welcome: mailWelcome, passwordReset: sendPasswordReset, aboutLoan: mailAboutLoan },
  });
  await app.register(paymentsPlugin, { ctx });
  await app.register(listsPlugin, { ctx });
  await app.register(circulationPlugin, { ctx });
  await app.register(reviewsPlugin, { ctx });
  await app.register(readingPlugin, { ctx });
  await app.register(staffPlugin, { ctx });
  await app.register(opdsPlugin, { ctx });

  const webDist = findWebDist(config);
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, not listed at start: a build written under a running
      // server (its new chunks beside the old ones) is served at once.
      wildcard: true,
      // The web build writes .br and .gz beside each asset; send those to browsers that take them.
      preCompressed: true,
      // Our setHeaders decides caching; the plugin's default would overwrite it.
      cacheControl: false,
      // Hashed asset names never change; index.html, sw.js and manifest.webmanifest must always
      // be fresh, so a deploy reaches installed apps (app.test.ts checks both).
      setHeaders: (res, filePath) => {
        // One URL, a brotli, gzip or plain body by the request's Accept-Encoding.
        res.setHeader("vary", "accept-encoding");
        res.setHeader(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }
  registerNotFound(app, webDist !== null);
  return { app, ctx, mailDelivery, scheduler };
}
