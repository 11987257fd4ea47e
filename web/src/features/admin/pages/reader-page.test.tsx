import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { UserRole } from "../../../lib/session";
import { sentBody } from "../../../test/accounts";
import {
  callsTo,
  makeLedgerEntry,
  makeReader,
  makeReaderDetail,
  READER_ID,
  staffApi,
} from "../../../test/admin";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { ReaderPage } from "./reader-page";

type Answer = Response | (() => Response | Promise<Response>);

function renderReader(answers: Record<string, Answer> = {}, role: UserRole = "librarian") {
  const fetchMock = staffApi({
    "/api/admin/readers/get": () => jsonResponse(makeReaderDetail()),
    ...answers,
  });
  vi.stubGlobal("fetch", fetchMock);
  renderWithProviders(<ReaderPage />, {
    route: `/admin/readers/${READER_ID}`,
    path: "/admin/readers/:userId",
    session: { isLoggedIn: true, role },
  });
  return fetchMock;
}

describe("a reader's page in the console", () => {
  it("shows the reader's account, loans and money", async () => {
    const fetchMock = renderReader();
    expect(await screen.findByRole("heading", { level: 1, name: "Grace Hopper" })).toBeVisible();
    expect(callsTo(fetchMock, "/api/admin/readers/get")[0]?.url.searchParams.get("userId")).toBe(
      READER_ID,
    );
    const fact = (name: string) => screen.getByText(name, { selector: "dt" }).nextElementSibling;
    expect(fact("Email")).toHaveTextContent("grace@example.com");
    expect(fact("Balance")).toHaveTextContent("£10.00");
    expect(fact("Role")).toHaveTextContent("Reader");
    expect(fact("Account")).toHaveTextContent("Active");
    const loans = screen.getByRole("table", { name: "Loans, newest first" });
    expect(within(loans).getByRole("button", { name: "End loan of Moby-Dick" })).toBeVisible();
    const ledger = screen.getByRole("table", { name: "Payments and charges, newest first" });
    expect(within(ledger).getByText("−£4.99")).toBeInTheDocument();
    expect(within(ledger).getByText("+£14.99")).toBeInTheDocument();
    // Only a charge with something left to refund offers Refund.
    expect(within(ledger).getAllByRole("button", { name: /^Refund/ })).toHaveLength(1);
    // Roles are for administrators.
    expect(screen.queryByRole("button", { name: "Change role" })).not.toBeInTheDocument();
  });

  it("credits the balance with an amount and a required reason", async () => {
    const user = userEvent.setup();
    const fetchMock = renderReader({
      "/api/admin/readers/adjust": jsonResponse({
        state: "success",
        balance: 15,
        entry: makeLedgerEntry({
          ledgerId: "95",
          kind: "adjustment",
          amount: 5,
          balanceAfter: 15,
          reason: "Sorry for the outage",
          refundable: null,
        }),
      }),
    });
    const credit = await screen.findByRole("button", { name: "Credit balance" });
    await user.click(credit);
    const dialog = screen.getByRole("dialog", { name: "Credit the balance" });
    const amount = within(dialog).getByRole("textbox", { name: "Amount (£)" });
    expect(amount).toHaveFocus();
    await user.type(amount, "5");
    await user.click(within(dialog).getByRole("button", { name: "Credit" }));

    // No reason: nothing is sent, and the reason field says why.
    const reason = within(dialog).getByRole("textbox", { name: "Reason" });
    expect(reason).toHaveAccessibleDescription(/Say why: it is kept in the audit log./);
    expect(reason).toHaveFocus();
    expect(callsTo(fetchMock, "/api/admin/readers/adjust")).toHaveLength(0);

    await user.type(reason, "Sorry for the outage");
    await user.click(within(dialog).getByRole("button", { name: "Credit" }));
    expect(await screen.findByText("Added £5.00. The balance is now £15.00.")).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, "/api/admin/readers/adjust")[0]?.init)).toEqual({
      userId: READER_ID,
      amount: 5,
      reason: "Sorry for the outage",
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(credit).toHaveFocus();
  });

  it("debits as a negative adjustment, and shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    const fetchMock = renderReader({
      "/api/admin/readers/adjust": jsonResponse(
        {
          state: "error",
          code: "BALANCE_TOO_LOW",
          message: "The balance can’t go below £0.00.",
          field: "amount",
        },
        409,
      ),
    });
    await user.click(await screen.findByRole("button", { name: "Debit balance" }));
    const dialog = screen.getByRole("dialog", { name: "Debit the balance" });
    await user.type(within(dialog).getByRole("textbox", { name: "Amount (£)" }), "50");
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Chargeback");
    await user.click(within(dialog).getByRole("button", { name: "Debit" }));
    const amount = within(dialog).getByRole("textbox", { name: "Amount (£)" });
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/can’t go below £0.00/));
    expect(sentBody(callsTo(fetchMock, "/api/admin/readers/adjust")[0]?.init)).toMatchObject({
      amount: -50,
    });
  });

  it("refunds a charge: the whole rest unless changed, with a reason", async () => {
    const user = userEvent.setup();
    const fetchMock = renderReader({
      "/api/admin/readers/refund": jsonResponse({
        state: "success",
        balance: 12.49,
        entry: makeLedgerEntry({
          ledgerId: "96",
          kind: "refund",
          amount: 2.49,
          balanceAfter: 12.49,
          refundOf: "90",
          refundable: null,
        }),
      }),
    });
    await user.click(await screen.findByRole("button", { name: /^Refund Loan of Moby-Dick/ }));
    const dialog = screen.getByRole("dialog", { name: "Refund a charge" });
    const amount = within(dialog).getByRole("textbox", { name: "Amount (£)" });
    expect(amount).toHaveValue("4.99");
    await user.clear(amount);
    await user.type(amount, "2.49");
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Book would not open");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(
      await screen.findByText("Refunded £2.49. The balance is now £12.49."),
    ).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, "/api/admin/readers/refund")[0]?.init)).toEqual({
      ledgerId: "90",
      amount: 2.49,
      reason: "Book would not open",
    });
  });

  it("lets an administrator change the reader's role", async () => {
    const user = userEvent.setup();
    const fetchMock = renderReader(
      {
        "/api/admin/readers/role": jsonResponse({
          state: "success",
          reader: makeReader({ role: "librarian" }),
        }),
      },
      "admin",
    );
    await user.click(await screen.findByRole("button", { name: "Change role" }));
    const dialog = screen.getByRole("dialog", { name: "Change the role of Grace Hopper" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Role" }), "librarian");
    await user.click(within(dialog).getByRole("button", { name: "Change role" }));
    expect(await screen.findByText("Grace Hopper is now: Librarian.")).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, "/api/admin/readers/role")[0]?.init)).toEqual({
      userId: READER_ID,
      role: "librarian",
    });
  });

  it("says why a reader cannot be shown", async () => {
    renderReader({
      "/api/admin/readers/get": jsonResponse(
        { state: "error", code: "READER_NOT_FOUND", message: "No reader has this id." },
        404,
      ),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("No reader has this id.");
  });
});
