import { isSessionEnd } from "../../../../lib/api-client";
import { errorSentence } from "../../../../lib/api-errors";
import { FormMessage } from "../../../../ui/text-field";

/** What a security section last said about an action of the reader's. */
export interface Notice {
  tone: "success" | "error" | "info";
  text: string;
}

/**
 * The server's sentence when it sent one, else no connection, else the section's own. Nothing
 * for an ended session: the query client is already taking the reader to log in.
 */
export function failureNotice(error: unknown, fallback: string): Notice | null {
  if (isSessionEnd(error)) return null;
  return { tone: "error", text: errorSentence(error, { fallback }) };
}

export function NoticeMessage({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return <FormMessage tone={notice.tone}>{notice.text}</FormMessage>;
}
