import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { UserRole } from "../../../lib/session";
import { callsTo, makeAuditEntry, makeAuditList, staffApi } from "../../../test/admin";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { AuditPage } from "./audit-page";

function renderAudit(role: UserRole = "admin") {
  const fetchMock = staffApi(
    {
      "/api/admin/audit": () =>
        jsonResponse(
          makeAuditList([
            makeAuditEntry(),
            makeAuditEntry({
              id: "76",
              actorId: null,
              actorEmail: "command line",
              action: "reader.role",
              targetType: "reader",
              targetId: "grace@example.com",
              before: { role: "reader" },
              after: { role: "admin" },
              reason: "First administrator",
            }),
          ]),
        ),
    },
    role,
  );
  vi.stubGlobal("fetch", fetchMock);
  renderWithProviders(<AuditPage />, {
    route: "/admin/audit",
    session: { isLoggedIn: true, role },
  });
  return fetchMock;
}

const lastQuery = (fetchMock: ReturnType<typeof renderAudit>) =>
  callsTo(fetchMock, "/api/admin/audit").at(-1)?.url.searchParams;

describe("the audit log", () => {
  it("lists who did what to what, with before and after behind a disclosure", async () => {
    const user = userEvent.setup();
    renderAudit();
    const table = await screen.findByRole("table", { name: "Audit log, newest first" });
    const [update, grant] = within(table).getAllByRole("row").slice(1);
    expect(within(update!).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(update!).getByText("book.update")).toBeInTheDocument();
    expect(within(grant!).getByText("First administrator")).toBeInTheDocument();
    expect(within(grant!).getByText("command line")).toBeInTheDocument();

    const details = within(update!).getByText("Before and after").closest("details")!;
    expect(details).not.toHaveAttribute("open");
    await user.click(within(update!).getByText("Before and after"));
    expect(details).toHaveAttribute("open");
    const [before, after] = within(details).getAllByText(/price/);
    expect(JSON.parse(before?.textContent ?? "")).toEqual({ price: 4.99 });
    expect(JSON.parse(after?.textContent ?? "")).toEqual({ price: 5.49 });
  });

  it("filters by actor, action and days, each in the request", async () => {
    const user = userEvent.setup();
    const fetchMock = renderAudit();
    await screen.findByRole("table");
    const action = screen.getByRole("combobox", { name: "Action" });
    // The actions the log holds.
    expect(
      within(action)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All actions", "book.update", "reader.adjust", "reader.block"]);
    await user.selectOptions(action, "reader.block");
    await waitFor(() => expect(lastQuery(fetchMock)?.get("action")).toBe("reader.block"));

    await user.type(screen.getByRole("searchbox", { name: "Actor’s email" }), "ada@");
    await waitFor(() => expect(lastQuery(fetchMock)?.get("actor")).toBe("ada@"));

    const from = screen.getByLabelText("From");
    await user.type(from, "2026-11-01");
    await waitFor(() => expect(lastQuery(fetchMock)?.get("from")).toBe("2026-11-01"));
    await user.type(screen.getByLabelText("To"), "2026-11-22");
    await waitFor(() => expect(lastQuery(fetchMock)?.get("to")).toBe("2026-11-22"));
    // Filters add up.
    expect(lastQuery(fetchMock)?.get("action")).toBe("reader.block");
    expect(lastQuery(fetchMock)?.get("actor")).toBe("ada@");
    expect(lastQuery(fetchMock)?.get("from")).toBe("2026-11-01");
  });

  it("is not shown to a librarian, and not asked for", async () => {
    const fetchMock = renderAudit("librarian");
    expect(screen.getByText("The audit log is for administrators.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/admin/audit")).toHaveLength(0);
  });
});
