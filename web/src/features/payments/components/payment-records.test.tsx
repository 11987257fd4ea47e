import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../test/accounts";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { PaymentRecords } from "./payment-records";

function renderRecords(answer: () => Response | Promise<Response>) {
  vi.stubGlobal("fetch", fakeApi({ "/api/payments/history": answer }));
  renderWithProviders(<PaymentRecords />, {
    route: "/user/payment-orders",
    session: { isLoggedIn: true },
  });
}

describe("PaymentRecords", () => {
  it("lists the top-ups newest first, each Completed", async () => {
    renderRecords(() =>
      jsonResponse({
        state: "success",
        data: [
          { paymentId: "12", amount: 1000, date: new Date(2026, 10, 22, 15, 30).toISOString() },
          { paymentId: "7", amount: 50, date: new Date(2026, 9, 3, 9, 5).toISOString() },
        ],
      }),
    );
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Order No", "Amount", "Payment Time", "Status"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[0]!)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe("12");
    expect(cells[1]).toBe("£1,000.00");
    expect(cells[2]).toMatch(/^November 22, 2026 at 3:30\sPM$/);
    expect(cells[3]).toBe("Completed");
    expect(within(rows[1]!).getByText("October 3, 2026 at 9:05", { exact: false })).toBeVisible();
  });

  it("offers Top Up Now when there are none", async () => {
    renderRecords(() => jsonResponse({ state: "success", data: [] }));
    expect(await screen.findByText("You have no payment records yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Top Up Now" })).toHaveAttribute(
      "href",
      "/user/profile?view=TopUp",
    );
  });

  it("says so when the records cannot be loaded", async () => {
    renderRecords(() => new Response("Bad gateway", { status: 502 }));
    expect(
      await screen.findByText("Failed to get payment records, please try again later", {
        selector: ".toast__message",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
