import { ApiError, NETWORK_ERROR_MESSAGE, serverMessage } from "./api-client";

/** How one screen words a failed call, where the server did not put it in words itself. */
export interface ErrorWording {
  /** The screen's own sentence when nothing better is known. */
  fallback: string;
  /** The screen's sentences for some codes, when the server sent none with the code. */
  byCode?: Readonly<Record<string, string>>;
  /** When the server could not be reached; the client's own sentence unless given. */
  network?: string;
  /**
   * Which failures may keep the server's own sentence: any (the default), or only those with a
   * code in `byCode`, for a form whose other refusals should all read as its fallback.
   */
  serverWords?: "any" | "byCode";
}

function sentenceForCode(wording: ErrorWording, code: string): string | undefined {
  return wording.byCode && Object.hasOwn(wording.byCode, code) ? wording.byCode[code] : undefined;
}

/**
 * What to tell the person about a failed call: the server's own sentence when it sent one (spec
 * §8), else the screen's sentence for the code, else that the server could not be reached, else
 * the screen's fallback. Anything that is not an ApiError gets the fallback.
 */
export function errorSentence(error: unknown, wording: ErrorWording): string {
  if (!(error instanceof ApiError)) return wording.fallback;
  const forCode = sentenceForCode(wording, error.code);
  const keepsServerWords = wording.serverWords !== "byCode" || forCode !== undefined;
  const fromServer = keepsServerWords ? serverMessage(error) : null;
  if (fromServer !== null) return fromServer;
  if (forCode !== undefined) return forCode;
  if (error.status === 0) return wording.network ?? NETWORK_ERROR_MESSAGE;
  return wording.fallback;
}
