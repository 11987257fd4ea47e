import { randomFillSync } from "node:crypto";
import type { IncomingMessage } from "node:http";
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import type { PrettyOptions } from "pino-pretty";
import type { Config } from "./config";
import {
  REDACTED_PATHS,
  serializeError,
  serializeReply,
  serializeRequest,
} from "./http/log-redaction";

export type LogFormat = "json" | "pretty";

/** Where lines go when not to standard output: tests collect them. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Readable lines for a person at a terminal, JSON lines for everything else (a process
 * manager, a container, a pipe): what collects logs wants one parseable object per line.
 */
export function logFormatFor(setting: Config["logFormat"], isTerminal: boolean): LogFormat {
  if (setting !== "auto") return setting;
  return isTerminal ? "pretty" : "json";
}

const ID_BYTES = 6;
/** Random bytes drawn in bulk: a call into the system's generator per request cost 10 µs. */
const idPool = Buffer.alloc(ID_BYTES * 512);
let idPoolAt = idPool.length;

/** A short random id (8 characters), unique enough across processes and restarts to find by. */
export function shortId(): string {
  if (idPoolAt === idPool.length) {
    randomFillSync(idPool);
    idPoolAt = 0;
  }
  const id = idPool.toString("base64url", idPoolAt, idPoolAt + ID_BYTES);
  idPoolAt += ID_BYTES;
  return id;
}

/** What a caller (a proxy, a load balancer) may give as its own request id. */
const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Fastify's genReqId: the caller's x-request-id when it is a plain short token, so one id
 * follows a request through the proxy's log and ours; otherwise a new random one.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && SANE_REQUEST_ID.test(given) ? given : shortId();
}

/**
 * Fastify's own lines about requests: one line when a request is answered (method, address,
 * status and time together, which is what a person looks for), the arrival only at debug.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    // Fastify calls this for every request, those it refuses before any hook included: the
    // one place where each answer can be given the id its log lines carry.
    reply.raw.setHeader("x-request-id", request.id);
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    else reply.log.info(fields, "request completed");
  }
}

/**
 * Fastify's logger settings: the level, what is redacted and how requests, replies and errors
 * are written, and where lines go (`destination`, else standard output as JSON or, for a
 * person, through pino-pretty).
 */
export async function loggerOptions(
  config: Pick<Config, "logLevel" | "logFormat">,
  destination?: LogDestination,
  isTerminal = process.stdout.isTTY === true,
): Promise<NonNullable<Exclude<FastifyServerOptions["logger"], boolean>>> {
  const stream =
    destination ??
    (logFormatFor(config.logFormat, isTerminal) === "pretty"
      ? await prettyStream(isTerminal)
      : undefined);
  return {
    level: config.logLevel,
    redact: REDACTED_PATHS,
    serializers: {
      req: serializeRequest,
      res: serializeReply,
      // pino hands over whatever a line logs as `err` (an Error, a string…); Fastify's types
      // promise an Error and want one back, so the type is narrowed here.
      err: serializeError as (error: Error) => { type: string; message: string; stack: string },
    },
    ...(stream ? { stream } : {}),
  };
}

/** Keys shown in a pretty line's head (see `prettyMessage`) rather than below it. */
const SHOWN_IN_HEAD = [
  "pid",
  "hostname",
  "reqId",
  "req",
  "res",
  "responseTime",
  "job",
  "run",
  "mail",
  "kind",
];

/** How pino-pretty writes a line for a person: local time of day, whose line, what happened. */
export function prettyOptions(colorize: boolean): PrettyOptions {
  return {
    colorize,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: SHOWN_IN_HEAD.join(","),
    messageFormat: prettyMessage,
    // Written before the call returns, so the last lines before an exit are not lost.
    sync: true,
  };
}

/** pino-pretty on standard output, loaded only when used: a server writing JSON never loads it. */
async function prettyStream(colorize: boolean) {
  const { default: pretty } = await import("pino-pretty");
  return pretty(prettyOptions(colorize));
}

/** Terminal control characters: a logged value must not move the cursor or recolour the screen. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * A pretty line's message: whose line it is, then what happened. `(Xk3_9aQe) GET /api/books
 * 200 4.1 ms` for a request, `(loan_sweep Qw8_x1Zc) job done` for a scheduled job, `(mail 12
 * password-reset) mail sent` for a mail.
 */
export function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const whose = ownerOf(log);
  const what = requestSummary(log) ?? textOf(log[messageKey]);
  return (whose ? `(${whose}) ${what}` : what).replace(CONTROL_CHARACTERS, "");
}

function ownerOf(log: Record<string, unknown>): string | undefined {
  if (typeof log.reqId === "string") return log.reqId;
  if (typeof log.job === "string") return `${log.job} ${textOf(log.run)}`;
  if (log.mail !== undefined) return `mail ${textOf(log.mail)} ${textOf(log.kind)}`.trim();
  return undefined;
}

const textOf = (value: unknown): string =>
  typeof value === "string" || typeof value === "number"
    ? String(value)
    : value === undefined
      ? ""
      : JSON.stringify(value);

/** `GET /api/books 200 4.1 ms` for a request's last line, `GET /api/books arrived` for its first. */
function requestSummary(log: Record<string, unknown>): string | undefined {
  const req = log.req as { method?: string; url?: string } | undefined;
  if (!req?.method) return undefined;
  const res = log.res as { statusCode?: number } | undefined;
  if (!res || typeof log.responseTime !== "number") return `${req.method} ${req.url} arrived`;
  return `${req.method} ${req.url} ${res.statusCode} ${log.responseTime.toFixed(1)} ms`;
}
