import {
  buildUrl,
  apiErrorOf,
  jsonAnswer,
  readJson,
  requestHeaders,
  sendRequest,
  type QueryValue,
} from "./api-client";

// Calls whose body or answer is a file, not JSON. Apart from api-client.ts so that the first
// load, which makes none of them, does not carry them.

/** Posts a file as the whole body (an EPUB upload); the answer is JSON as for any call. */
export async function apiUpload<T>(
  path: string,
  file: Blob,
  options: { contentType: string; signal?: AbortSignal },
): Promise<T> {
  const headers = requestHeaders("application/json", { "Content-Type": options.contentType });
  const response = await sendRequest(path, { method: "POST", headers, body: file }, options.signal);
  return jsonAnswer<T>(response, {});
}

export interface Download {
  blob: Blob;
  /** The name the server's content-disposition gives, if any. */
  fileName: string | null;
}

/** The file name of a content-disposition header: `attachment; filename="loans.csv"`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // Badly encoded: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/**
 * A file the API answers (a CSV export) fetched with the session's token, which a plain link
 * could not send; a failure still comes back as ApiError.
 */
export async function apiDownload(
  path: string,
  query?: Record<string, QueryValue>,
  options: { accept?: string; signal?: AbortSignal } = {},
): Promise<Download> {
  const headers = requestHeaders(options.accept ?? "*/*", undefined);
  const response = await sendRequest(
    buildUrl(path, query),
    { method: "GET", headers },
    options.signal,
  );
  if (!response.ok) throw apiErrorOf(response, await readJson(response), {});
  return {
    blob: await response.blob(),
    fileName: dispositionFileName(response.headers.get("Content-Disposition")),
  };
}
