import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../test/books";
import {
  ApiError,
  apiGet,
  apiPost,
  isSessionEnd,
  NETWORK_ERROR_MESSAGE,
  serverMessage,
} from "./api-client";
import { readToken, storedToken } from "./storage";

describe("api client", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
  });

  function sentHeaders(): Headers {
    const init = fetchMock.mock.calls[0]?.[1];
    return new Headers(init?.headers);
  }

  it("sends the query string, the scripted-call header and no token for a visitor", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ state: "success" }));
    await apiGet("/api/books/search", { title: "moby", author: "", category: undefined, page: 2 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/books/search?title=moby&page=2");
    expect(sentHeaders().get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(sentHeaders().has("Authorization")).toBe(false);
  });

  it("sends the stored token and a JSON body", async () => {
    storedToken.write("abc123");
    fetchMock.mockResolvedValue(jsonResponse({ state: "success" }));
    await apiPost("/api/cart/add", { bookId: 7 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(sentHeaders().get("Authorization")).toBe("Bearer abc123");
    expect(sentHeaders().get("Content-Type")).toBe("application/json");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"bookId":7}');
  });

  it("turns an error body into a typed ApiError", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ state: "error", code: "BOOK_NOT_FOUND", message: "No book has id 999" }, 404),
    );
    const error = await apiGet("/api/books/get", { bookId: 999 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: "BOOK_NOT_FOUND",
      message: "No book has id 999",
    });
  });

  it("describes an error without a JSON body by its status", async () => {
    fetchMock.mockResolvedValue(new Response("Bad gateway", { status: 502 }));
    await expect(apiGet("/api/books/popular")).rejects.toMatchObject({
      status: 502,
      message: "Server returned a 502 error",
    });
  });

  it("reports a network failure as status 0", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(apiGet("/api/books/popular")).rejects.toMatchObject({
      status: 0,
      code: "NETWORK",
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it("reports a 401 as the end of the session, which the query client then handles", async () => {
    storedToken.write("expired");
    fetchMock.mockResolvedValue(
      jsonResponse({ state: "error", code: "UNAUTHORIZED", message: "Please log in" }, 401),
    );
    const failure: unknown = await apiPost("/api/cart/get").catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401, endsSession: true });
    expect(isSessionEnd(failure)).toBe(true);
    // The client only reports; forgetting the token is the query client's, once for all calls.
    expect(readToken()).toBe("expired");
  });

  it("leaves the session alone on a 401 the caller expects (a wrong password at login)", async () => {
    storedToken.write("kept");
    fetchMock.mockResolvedValue(
      jsonResponse(
        { state: "error", code: "WRONG_CREDENTIALS", message: "Incorrect email or password." },
        401,
      ),
    );
    await expect(
      apiPost(
        "/api/auth/login",
        { email: "a@b.co", password: "x" },
        { unauthorizedEndsSession: false },
      ),
    ).rejects.toMatchObject({
      status: 401,
      message: "Incorrect email or password.",
      endsSession: false,
    });
    expect(readToken()).toBe("kept");
  });

  it("sends an explicit bearer token instead of the stored one", async () => {
    storedToken.write("stored");
    fetchMock.mockResolvedValue(jsonResponse({ state: "success" }));
    await apiGet("/api/users/info", undefined, { headers: { Authorization: "Bearer fresh" } });
    expect(sentHeaders().get("Authorization")).toBe("Bearer fresh");
  });

  it("tells a server's own error message from one the client made up", () => {
    expect(
      serverMessage(new ApiError(409, "EMAIL_TAKEN", "Email has already been registered")),
    ).toBe("Email has already been registered");
    expect(serverMessage(new ApiError(0, "NETWORK", NETWORK_ERROR_MESSAGE))).toBeNull();
    expect(serverMessage(new ApiError(502, "HTTP_502", "Server returned a 502 error"))).toBeNull();
    expect(serverMessage(new Error("boom"))).toBeNull();
  });
});
