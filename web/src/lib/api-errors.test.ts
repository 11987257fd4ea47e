import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR_MESSAGE } from "./api-client";
import { errorSentence, type ErrorWording } from "./api-errors";

const refused = new ApiError(409, "EMAIL_TAKEN", "Email has already been registered");
const unreachable = new ApiError(0, "NETWORK", NETWORK_ERROR_MESSAGE);
const bareGateway = new ApiError(502, "HTTP_502", "Server returned a 502 error");
const unreadable = new ApiError(200, "INVALID_RESPONSE", "Server returned an unreadable answer");

describe("errorSentence", () => {
  const fallback = "Something went wrong. Please try again.";

  it("gives the server's own sentence when it sent one", () => {
    expect(errorSentence(refused, { fallback })).toBe("Email has already been registered");
  });

  it("says the server could not be reached, in the client's words or the screen's", () => {
    expect(errorSentence(unreachable, { fallback })).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorSentence(unreachable, { fallback, network: "Failed to add comment" })).toBe(
      "Failed to add comment",
    );
  });

  it("falls back to the screen's sentence for a wordless failure or anything not an ApiError", () => {
    expect(errorSentence(bareGateway, { fallback })).toBe(fallback);
    expect(errorSentence(unreadable, { fallback })).toBe(fallback);
    expect(errorSentence(new Error("boom"), { fallback })).toBe(fallback);
    expect(errorSentence(undefined, { fallback })).toBe(fallback);
  });

  it("uses the screen's sentence for a code only when the server sent none", () => {
    const byCode = { INVALID_RESPONSE: "Failed to get user information", EMAIL_TAKEN: "Taken" };
    expect(errorSentence(unreadable, { fallback, byCode })).toBe("Failed to get user information");
    expect(errorSentence(refused, { fallback, byCode })).toBe("Email has already been registered");
    expect(errorSentence(bareGateway, { fallback, byCode })).toBe(fallback);
  });

  it("keeps the server's words only for the listed codes when asked to", () => {
    const wording: ErrorWording = {
      fallback: "Failed to add comment",
      network: "Failed to add comment",
      byCode: { NOT_BORROWED: "Borrow it first.", INVALID_RESPONSE: "Unreadable." },
      serverWords: "byCode",
    };
    const notBorrowed = new ApiError(403, "NOT_BORROWED", "You have not borrowed it.");
    expect(errorSentence(notBorrowed, wording)).toBe("You have not borrowed it.");
    expect(errorSentence(unreadable, wording)).toBe("Unreadable.");
    expect(errorSentence(refused, wording)).toBe("Failed to add comment");
    expect(errorSentence(bareGateway, wording)).toBe("Failed to add comment");
    expect(errorSentence(unreachable, wording)).toBe("Failed to add comment");
  });
});
