import type { ErrorBody } from "@folio/contract/common";
import { readToken } from "./storage";

export const NETWORK_ERROR_MESSAGE =
  "Unable to connect to server. Please check your network connection";

/** Every failed call, whatever went wrong, reaches the UI as one of these. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** Stable code from the error catalogue (BOOK_NOT_FOUND, VALIDATION...). */
  readonly code: string;
  readonly field: string | undefined;
  /**
   * The server no longer knows the session (a 401). Not so for a call whose 401 means something
   * else, such as a wrong password at login.
   */
  readonly endsSession: boolean;

  constructor(
    status: number,
    code: string,
    message: string,
    field?: string,
    options: { endsSession?: boolean } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
    this.endsSession = options.endsSession ?? status === 401;
  }
}

/**
 * Whether a failure ended the session. The query client answers it once for every call
 * (app/query-client.ts: forget the token, go to /login); a screen only needs to know so as to
 * say nothing more about it where its words would outlive the page (a toast, a message dialog).
 */
export function isSessionEnd(error: unknown): boolean {
  return error instanceof ApiError && error.endsSession;
}

/** Codes the client makes up itself; any other code came with an error body from the server. */
const CLIENT_SIDE_CODES = new Set(["NETWORK", "INVALID_RESPONSE"]);

/**
 * The server's own sentence about a failure (spec §8: show the server message when there is
 * one), or null when the server said nothing readable (no connection, no error body).
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  if (CLIENT_SIDE_CODES.has(error.code) || error.code.startsWith("HTTP_")) return null;
  return error.message;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Whether a 401 means the session has died (see isSessionEnd). False for login, whose 401
   * only means a wrong email or password and must leave the login page as it is.
   */
  unauthorizedEndsSession?: boolean;
}

export function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === "") continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Partial<ErrorBody>).message === "string" &&
    typeof (value as Partial<ErrorBody>).code === "string"
  );
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === "AbortError");
}

/** The headers of every call: scripted-call marker, the stored token, then the caller's own. */
export function requestHeaders(accept: string, extra: Record<string, string> | undefined) {
  const headers: Record<string, string> = {
    Accept: accept,
    // Marks the call as scripted so the server can refuse cross-site form posts.
    "X-Requested-With": "XMLHttpRequest",
    ...extra,
  };
  const token = readToken();
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** fetch, with an unreachable server turned into ApiError and a cancellation left as it is. */
export async function sendRequest(url: string, init: RequestInit, signal: AbortSignal | undefined) {
  try {
    return await fetch(url, { ...init, signal });
  } catch (error) {
    // Cancellation is not a failure the person should see; let the caller (TanStack Query) drop it.
    if (isAbort(error, signal)) throw error;
    throw new ApiError(0, "NETWORK", NETWORK_ERROR_MESSAGE);
  }
}

/** The ApiError of a failed answer whose body (`data`) has been read. */
export function apiErrorOf(
  response: Response,
  data: unknown,
  options: Pick<RequestOptions, "unauthorizedEndsSession">,
): ApiError {
  const endsSession = response.status === 401 && options.unauthorizedEndsSession !== false;
  if (isErrorBody(data)) {
    return new ApiError(response.status, data.code, data.message, data.field, { endsSession });
  }
  return new ApiError(
    response.status,
    `HTTP_${response.status}`,
    `Server returned a ${response.status} error`,
    undefined,
    { endsSession },
  );
}

/** The JSON body of an answer, or the ApiError it stands for. */
export async function jsonAnswer<T>(
  response: Response,
  options: Pick<RequestOptions, "unauthorizedEndsSession">,
): Promise<T> {
  const data = await readJson(response);
  if (!response.ok) throw apiErrorOf(response, data, options);
  if (data === undefined) {
    throw new ApiError(response.status, "INVALID_RESPONSE", `Server returned an unreadable answer`);
  }
  return data as T;
}

/**
 * The one way the web app talks to the API. Resolves with the JSON body or throws ApiError.
 * Call it from a query or a mutation: the query client is where failures are handled.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const headers = requestHeaders("application/json", options.headers);
  let body: string | undefined;
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body ?? {});
  }
  const response = await sendRequest(
    buildUrl(path, options.query),
    { method, headers, body },
    options.signal,
  );
  return jsonAnswer<T>(response, options);
}

export function apiGet<T>(
  path: string,
  query?: Record<string, QueryValue>,
  options: Omit<RequestOptions, "query" | "method" | "body"> = {},
): Promise<T> {
  return apiRequest<T>(path, { ...options, method: "GET", query });
}

export function apiPost<T>(
  path: string,
  body?: unknown,
  options: Omit<RequestOptions, "method" | "body"> = {},
): Promise<T> {
  return apiRequest<T>(path, { ...options, method: "POST", body: body ?? {} });
}
