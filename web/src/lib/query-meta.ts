/**
 * What a query or mutation says when it fails, read by the one place that handles failures
 * (app/query-client.ts). A screen that shows a failure itself names no message.
 */
export type FailureMessage = string | ((error: unknown) => string | null);

export interface FailureMeta extends Record<string, unknown> {
  /** Toasted once per failure; for a query, only while a screen that names it shows it. */
  errorMessage?: FailureMessage;
}

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: FailureMeta;
    mutationMeta: FailureMeta;
  }
}
