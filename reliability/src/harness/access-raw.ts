import http from "node:http";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request whose path goes on the wire exactly as written. fetch would resolve `..` and
 * `%2e%2e` itself before sending, so a traversal attempt would never reach the server.
 */
export function rawRequest(
  base: string,
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** another loopback address (127.0.0.2 …) to come from, as a second client would */
    localAddress?: string;
  } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path,
        method: options.method ?? "GET",
        headers: options.headers ?? {},
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("latin1"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}
