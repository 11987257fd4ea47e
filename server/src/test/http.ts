import type { FastifyInstance } from "fastify";

export interface Answer<T> {
  status: number;
  body: T;
}

/**
 * JSON calls against the app, optionally as a logged-in user; from 127.0.0.1, or `from` (a
 * source address of its own, for the tests of limits per source).
 */
export function httpClient(app: FastifyInstance, from?: string) {
  const call = async <T>(
    method: "GET" | "POST" | "PUT",
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<Answer<T>> => {
    const response = await app.inject({
      method,
      url,
      ...(from ? { remoteAddress: from } : {}),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  return {
    get: <T>(url: string, token?: string) => call<T>("GET", url, undefined, token),
    post: <T>(url: string, body?: unknown, token?: string) => call<T>("POST", url, body, token),
    put: <T>(url: string, body?: unknown, token?: string) => call<T>("PUT", url, body, token),
  };
}
