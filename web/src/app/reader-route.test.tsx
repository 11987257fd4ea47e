import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { openPublication } from "../features/reading/readium-adapter";
import { fakeBook } from "../features/reading/test-publication";
import { serveReading } from "../features/reading/test-reader-hooks";
import { storedToken } from "../lib/storage";
import { jsonResponse } from "../test/books";
import { renderApp } from "../test/render-app";

vi.mock("../features/reading/readium-adapter", () => ({ openPublication: vi.fn() }));

describe("the reader route", () => {
  beforeEach(() => {
    vi.mocked(openPublication).mockReset().mockResolvedValue(fakeBook().publication);
    serveReading({
      "/api/reading/publication": () =>
        jsonResponse({
          state: "success",
          manifestURL: "/api/publications/12/g/manifest.json",
          expiresAt: "2030-01-01T00:00:00.000Z",
          dueAt: "2030-01-01T00:00:00.000Z",
        }),
    });
  });

  it("draws the book full screen, without the site's header and footer", async () => {
    storedToken.write("token-1");
    renderApp("/reader?url=%2Fapi%2Fcontent%2F12.epub&bookId=12");
    expect(await screen.findByRole("heading", { level: 1, name: "Moby-Dick" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Contents" })).toBeEnabled());
    expect(document.querySelector(".site-header")).toBeNull();
    expect(document.querySelector(".site-footer")).toBeNull();
    expect(screen.getAllByRole("main")).toHaveLength(1);
  });

  it("still asks a visitor to log in first", async () => {
    renderApp("/reader?url=%2Fapi%2Fcontent%2F12.epub&bookId=12");
    await waitFor(() => expect(screen.getByTestId("path")).not.toHaveTextContent("/reader"));
    expect(openPublication).not.toHaveBeenCalled();
  });
});
