import type { ErrorBody } from "@folio/contract/common";
import { readToken, removeStored } from "./storage";

/** Dispatched on window after a 401; the app answers by sending the person to /login. */
export const UNAUTHORIZED_EVENT = "folio:unauthorized";

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

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
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
   * Whether a 401 means the session has died (drop the token, go to /login). False for login,
   * whose 401 only means a wrong email or password and must leave the login page as it is.
   */
  unauthorizedEndsSession?: boolean;
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
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

async function readJson(response: Response): Promise<unknown> {
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

/** The one way the web app talks to the API. Resolves with the JSON body or throws ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = {
    Accept: "application/json",
    // Marks the call as scripted so the server can refuse cross-site form posts.
    "X-Requested-With": "XMLHttpRequest",
    ...options.headers,
  };
  const token = readToken();
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body ?? {});
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    // Cancellation is not a failure the person should see; let the caller (TanStack Query) drop it.
    if (isAbort(error, options.signal)) throw error;
    throw new ApiError(0, "NETWORK", NETWORK_ERROR_MESSAGE);
  }

  const data = await readJson(response);
  if (response.ok) {
    if (data === undefined) {
      throw new ApiError(
        response.status,
        "INVALID_RESPONSE",
        `Server returned an unreadable answer`,
      );
    }
    return data as T;
  }

  if (response.status === 401 && options.unauthorizedEndsSession !== false) {
    removeStored("token");
    window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  }
  if (isErrorBody(data)) {
    throw new ApiError(response.status, data.code, data.message, data.field);
  }
  throw new ApiError(
    response.status,
    `HTTP_${response.status}`,
    `Server returned a ${response.status} error`,
  );
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
