import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { storedToken } from "../lib/storage";
import { jsonResponse, requestUrl } from "../test/books";
import { callsTo, makeOverview, staffApi } from "../test/admin";
import { installFakeIntersectionObserver } from "../test/intersection-observer";
import { renderApp } from "../test/render-app";

const STAFF_ONLY = { level: 1, name: "This page is for library staff." } as const;

function consoleNav() {
  return screen.getByRole("navigation", { name: "Staff console" });
}

describe("the staff console's door (/admin)", () => {
  beforeEach(() => {
    installFakeIntersectionObserver();
  });

  it("sends a visitor to log in, to come back to the console after", async () => {
    vi.stubGlobal("fetch", staffApi());
    renderApp("/admin/loans");
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/login$/);
  });

  it("tells a reader the page is for library staff, and asks the API nothing of staff", async () => {
    const fetchMock = staffApi({}, "reader");
    vi.stubGlobal("fetch", fetchMock);
    storedToken.write("token-1");
    renderApp("/admin");
    expect(await screen.findByRole("heading", STAFF_ONLY)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Staff console" })).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([input]) =>
        requestUrl(input).pathname.startsWith("/api/admin/"),
      ),
    ).toHaveLength(0);
  });

  it("opens the overview for a librarian, whose console has no audit log", async () => {
    const fetchMock = staffApi({ "/api/admin/overview": jsonResponse(makeOverview()) });
    vi.stubGlobal("fetch", fetchMock);
    storedToken.write("token-1");
    renderApp("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Overview" })).toBeInTheDocument();
    const links = within(consoleNav())
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(links).toEqual([
      "Overview",
      "Catalogue",
      "Categories",
      "Readers",
      "Loans",
      "Holds",
      "Mail",
      "Reviews",
    ]);
    expect(within(consoleNav()).getByRole("link", { name: "Overview" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(await screen.findByText("Active loans")).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/admin/overview")).toHaveLength(1);
  });

  it("shows a librarian who types /admin/audit that it is for administrators", async () => {
    const fetchMock = staffApi();
    vi.stubGlobal("fetch", fetchMock);
    storedToken.write("token-1");
    renderApp("/admin/audit");
    expect(await screen.findByRole("heading", { level: 1, name: "Audit log" })).toBeInTheDocument();
    expect(screen.getByText("The audit log is for administrators.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/admin/audit")).toHaveLength(0);
  });

  it("gives an administrator the audit log, and moves between screens from the navigation", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      staffApi(
        {
          "/api/admin/overview": jsonResponse(makeOverview()),
          "/api/admin/mail": jsonResponse({
            state: "success",
            mails: [],
            page: 1,
            pageSize: 20,
            total: 0,
          }),
        },
        "admin",
      ),
    );
    storedToken.write("token-1");
    renderApp("/admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Overview" })).toBeInTheDocument();
    expect(within(consoleNav()).getByRole("link", { name: "Audit log" })).toHaveAttribute(
      "href",
      "/admin/audit",
    );
    await user.click(within(consoleNav()).getByRole("link", { name: "Mail" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Mail" })).toBeInTheDocument();
    expect(await screen.findByText("No mail matches.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("path")).toHaveTextContent(/^\/admin\/mail$/));
  });
});
