import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { storedToken } from "../../../lib/storage";
import { callsTo, makeAdminLoan, staffApi } from "../../../test/admin";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { LoansPage } from "./loans-page";

function renderLoans(route = "/admin/loans") {
  const fetchMock = staffApi({
    "/api/admin/loans": () =>
      jsonResponse({
        state: "success",
        loans: [makeAdminLoan({ status: "overdue", daysOverdue: 4 })],
        page: 1,
        pageSize: 20,
        total: 1,
      }),
    "/api/admin/loans/csv": () =>
      new Response("loanId,title\n31,Moby-Dick\n", {
        headers: {
          "Content-Type": "text/csv",
          "Content-Disposition": 'attachment; filename="loans-open-2026-11-22.csv"',
        },
      }),
  });
  vi.stubGlobal("fetch", fetchMock);
  renderWithProviders(<LoansPage />, {
    route,
    session: { isLoggedIn: true, role: "librarian" },
  });
  return fetchMock;
}

const lastQuery = (fetchMock: ReturnType<typeof renderLoans>) =>
  callsTo(fetchMock, "/api/admin/loans").at(-1)?.url.searchParams;

describe("the console's loans", () => {
  it("starts on all open loans, with reader, book, due date and days overdue", async () => {
    const fetchMock = renderLoans();
    const table = await screen.findByRole("table");
    const row = within(table).getAllByRole("row")[1]!;
    expect(within(row).getByRole("link", { name: "Grace Hopper" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/admin\/readers\//),
    );
    expect(row).toHaveTextContent("Moby-Dick");
    expect(row).toHaveTextContent("24 November 2026");
    expect(within(row).getAllByRole("cell").at(-1)).toHaveTextContent("4");
    expect(lastQuery(fetchMock)?.get("status")).toBe("open");
    expect(screen.getByRole("combobox", { name: "Show" })).toHaveValue("open");
  });

  it("opens on the view the address names, and leaves it for all open loans", async () => {
    const user = userEvent.setup();
    const fetchMock = renderLoans("/admin/loans?status=overdue");
    await screen.findByRole("table");
    expect(lastQuery(fetchMock)?.get("status")).toBe("overdue");
    expect(screen.getByRole("combobox", { name: "Show" })).toHaveValue("overdue");
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "open");
    await waitFor(() => expect(lastQuery(fetchMock)?.get("status")).toBe("open"));
  });

  it("asks for loans due soon within the days chosen", async () => {
    const user = userEvent.setup();
    const fetchMock = renderLoans();
    await screen.findByRole("table");
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "dueSoon");
    await waitFor(() => expect(lastQuery(fetchMock)?.get("status")).toBe("dueSoon"));
    expect(lastQuery(fetchMock)?.get("days")).toBe("3");
    await user.selectOptions(screen.getByRole("combobox", { name: "Due" }), "7");
    await waitFor(() => expect(lastQuery(fetchMock)?.get("days")).toBe("7"));
  });

  it("downloads the same loans as CSV with the token, saved through an object URL", async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    // jsdom has no object URLs.
    class UrlWithObjects extends URL {
      static override createObjectURL(blob: Blob) {
        created.push(blob);
        return "blob:folio/loans";
      }
      static override revokeObjectURL() {}
    }
    vi.stubGlobal("URL", UrlWithObjects);
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    storedToken.write("staff-token");
    const fetchMock = renderLoans();
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Download CSV" }));

    expect(await screen.findByText("The CSV file is downloading.")).toBeInTheDocument();
    const [csv] = callsTo(fetchMock, "/api/admin/loans/csv");
    expect(csv?.url.searchParams.get("status")).toBe("open");
    expect(csv?.url.searchParams.has("page")).toBe(false);
    expect(new Headers(csv?.init?.headers).get("Authorization")).toBe("Bearer staff-token");
    expect(await created[0]?.text()).toBe("loanId,title\n31,Moby-Dick\n");
    expect(click).toHaveBeenCalledTimes(1);
    expect(clicked[0]?.download).toBe("loans-open-2026-11-22.csv");
    expect(clicked[0]?.href).toBe("blob:folio/loans");
  });
});
