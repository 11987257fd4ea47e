import {
  QueryClientProvider,
  useMutation,
  useQuery,
  type QueryClient,
} from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiGet } from "../lib/api-client";
import { readToken, storedToken } from "../lib/storage";
import { fakeApi } from "../test/accounts";
import { jsonResponse } from "../test/books";
import { installFakeIntersectionObserver } from "../test/intersection-observer";
import { renderApp } from "../test/render-app";
import { createQueryClient, useFailureHandlers, type FailureHandlers } from "./query-client";

const UNAUTHORIZED = {
  state: "error",
  code: "UNAUTHORIZED",
  message: "Please log in to continue.",
};
const BROKEN = { state: "error", code: "INTERNAL", message: "Something broke" };

function Handlers({ handlers }: { handlers: FailureHandlers }) {
  useFailureHandlers(handlers);
  return null;
}

function setUp(ui: ReactNode) {
  const client: QueryClient = createQueryClient({ queries: { retry: false } });
  const handlers = {
    sessionEnded: vi.fn<FailureHandlers["sessionEnded"]>(),
    failed: vi.fn<FailureHandlers["failed"]>(),
  };
  render(
    <QueryClientProvider client={client}>
      <Handlers handlers={handlers} />
      {ui}
    </QueryClientProvider>,
  );
  return { client, handlers };
}

/** A screen showing one query; `message` is what it says when that query fails. */
function Shows({ path, message }: { path: string; message?: string }) {
  const query = useQuery({
    queryKey: [path],
    queryFn: () => apiGet<unknown>(path),
    meta: message ? { errorMessage: message } : undefined,
  });
  return <p>{query.status}</p>;
}

describe("the query client's failure handling", () => {
  beforeEach(() => {
    storedToken.write("token-1");
  });

  it("ends the session once when two queries meet a 401, with no toast for either", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/cart/get": jsonResponse(UNAUTHORIZED, 401),
        "/api/wishlist/get": jsonResponse(UNAUTHORIZED, 401),
      }),
    );
    const { handlers } = setUp(
      <>
        <Shows path="/api/cart/get" message="Cart failed" />
        <Shows path="/api/wishlist/get" message="Wishlist failed" />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText("error")).toHaveLength(2));
    expect(handlers.sessionEnded).toHaveBeenCalledTimes(1);
    expect(handlers.failed).not.toHaveBeenCalled();
    expect(readToken()).toBeNull();
  });

  it("toasts a failure once, in the words of the screen showing it", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/cart/get": jsonResponse(BROKEN, 500),
        "/api/wishlist/get": jsonResponse(BROKEN, 500),
      }),
    );
    const { handlers } = setUp(
      <>
        {/* The header's count and the cart page share the cart; only the page says it failed. */}
        <Shows path="/api/cart/get" />
        <Shows path="/api/cart/get" message="Cart failed" />
        {/* Nobody on screen names a message for the wishlist: it fails quietly. */}
        <Shows path="/api/wishlist/get" />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText("error")).toHaveLength(3));
    expect(handlers.failed).toHaveBeenCalledTimes(1);
    expect(handlers.failed).toHaveBeenCalledWith("Cart failed");
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
    expect(readToken()).toBe("token-1");
  });

  it("toasts what a mutation's meta says about its failure, and nothing for a 401", async () => {
    function TopUp({ error }: { error: ApiError }) {
      const topUp = useMutation({
        mutationFn: () => Promise.reject(error),
        meta: { errorMessage: (failure) => `Top up failed: ${(failure as ApiError).code}` },
      });
      return (
        <button type="button" onClick={() => topUp.mutate()}>
          Top up
        </button>
      );
    }
    const { handlers } = setUp(
      <>
        <TopUp error={new ApiError(429, "TOP_UP_DAILY_LIMIT", "Too much today")} />
        <TopUp error={new ApiError(401, "UNAUTHORIZED", "Please log in")} />
      </>,
    );
    const [limited, expired] = screen.getAllByRole("button", { name: "Top up" });
    act(() => limited?.click());
    await waitFor(() => expect(handlers.failed).toHaveBeenCalledTimes(1));
    expect(handlers.failed).toHaveBeenCalledWith("Top up failed: TOP_UP_DAILY_LIMIT");

    act(() => expired?.click());
    await waitFor(() => expect(handlers.sessionEnded).toHaveBeenCalledTimes(1));
    expect(handlers.failed).toHaveBeenCalledTimes(1);
  });

  it("leaves the session alone on a 401 that means something else (a wrong password)", async () => {
    const { client, handlers } = setUp(null);
    const wrongPassword = new ApiError(401, "WRONG_CREDENTIALS", "Incorrect", undefined, {
      endsSession: false,
    });
    await expect(
      client.fetchQuery({ queryKey: ["login"], queryFn: () => Promise.reject(wrongPassword) }),
    ).rejects.toBe(wrongPassword);
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
    expect(readToken()).toBe("token-1");
  });
});

describe("a session that ends in the real app", () => {
  beforeEach(() => {
    installFakeIntersectionObserver();
  });

  it("sends the reader to log in when queries meet a 401 together, with no toast", async () => {
    // Both answers arrive together, as when a session expires with several requests in flight.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const expired = () => gate.then(() => jsonResponse(UNAUTHORIZED, 401));
    vi.stubGlobal("fetch", fakeApi({ "/api/users/info": expired, "/api/cart/get": expired }));
    storedToken.write("expired");
    renderApp("/cart");
    expect(await screen.findByRole("heading", { level: 1, name: "My Cart" })).toBeInTheDocument();

    await act(async () => {
      release();
      await gate;
    });

    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/login$/);
    expect(readToken()).toBeNull();
    // Neither failure is toasted: the log-in page is the one thing the person is told.
    const toasts = document.querySelector<HTMLElement>(".toasts");
    expect(within(toasts!).queryByText(/Failed to/)).not.toBeInTheDocument();
  });
});
