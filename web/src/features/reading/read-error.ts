import { ApiError } from "../../lib/api-client";
import { readingMessages } from "./messages";

/** Why a book could not be opened, as spec §8 tells them apart. */
export type ReadFailure = "expired" | "notBorrowed" | "failed" | "network";

export class ReadError extends Error {
  override readonly name = "ReadError";
  readonly failure: ReadFailure;

  constructor(failure: ReadFailure) {
    super(readErrorMessage(failure));
    this.failure = failure;
  }
}

/** Spec §8, Read: 403 → session expired, 400 → borrow first, no connection, anything else. */
export function failureFromStatus(status: number): ReadFailure {
  if (status === 0) return "network";
  if (status === 403) return "expired";
  if (status === 400) return "notBorrowed";
  return "failed";
}

export function readFailureOf(error: unknown): ReadFailure {
  if (error instanceof ReadError) return error.failure;
  if (error instanceof ApiError) return failureFromStatus(error.status);
  return "failed";
}

export function readErrorMessage(failure: ReadFailure): string {
  switch (failure) {
    case "expired":
      return readingMessages.sessionExpired;
    case "notBorrowed":
      return readingMessages.notBorrowed;
    case "network":
      return readingMessages.network;
    case "failed":
      return readingMessages.loadFailed;
  }
}
