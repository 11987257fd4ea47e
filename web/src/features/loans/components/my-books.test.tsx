import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/books";
import { fakeLoanServer, makeBookDetail, makeLoan } from "../../../test/loans";
import { renderWithProviders } from "../../../test/render";
import type { ReaderBalance } from "../reader-balance";
import type { LoanReading } from "./current-loans";
import { MyBooks } from "./my-books";

function readerBalance(amount: number | undefined, overrides: Partial<ReaderBalance> = {}) {
  return {
    amount,
    failed: false,
    checking: false,
    refresh: vi.fn(),
    charged: vi.fn(),
    ...overrides,
  } satisfies ReaderBalance;
}

/** The reading feature's part, as the app gives it: Moby-Dick is 42% read, the rest unopened. */
const reading: LoanReading = {
  progressOf: (bookId) => (bookId === "1" ? 41.6 : null),
  readButton: (loan) => <button type="button">{`Read ${loan.title}`}</button>,
};

const MOBY = makeLoan(1, {
  title: "Moby-Dick",
  author: "Herman Melville",
  borrowDate: "2029-12-16T12:00:00.000Z",
  dueDate: "2030-01-15T12:00:00.000Z",
});
const EMMA = makeLoan(2, {
  title: "Emma",
  author: "Jane Austen",
  borrowDate: "2029-12-20T12:00:00.000Z",
  dueDate: "2030-01-19T12:00:00.000Z",
});
const OLD = makeLoan(3, {
  title: "Middlemarch",
  author: "George Eliot",
  borrowDate: "2029-01-02T12:00:00.000Z",
  dueDate: "2029-02-01T12:00:00.000Z",
  returnDate: "2029-01-20T12:00:00.000Z",
  status: "returned",
});

function setUp(options: Parameters<typeof fakeLoanServer>[0] = {}) {
  const server = fakeLoanServer({ open: [MOBY, EMMA], history: [EMMA, MOBY, OLD], ...options });
  vi.stubGlobal("fetch", server.fetch);
  return server;
}

async function openRenewal(user: ReturnType<typeof userEvent.setup>, title = "Moby-Dick") {
  await user.click(await screen.findByRole("button", { name: `Renew ${title}` }));
  return screen.getByRole("dialog", { name: "Renew book" });
}

describe("MyBooks", () => {
  it("shows the current loans with their dates, status and actions", async () => {
    setUp({ open: [MOBY, makeLoan(4, { title: "Dracula", status: "overdue", dueDate: "" })] });
    renderWithProviders(<MyBooks balance={readerBalance(20)} reading={reading} />, {
      route: "/user/books",
    });

    const tabs = screen.getByRole("tablist", { name: "My Books" });
    expect(within(tabs).getByRole("tab", { name: "Currently Borrowed" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const [moby, dracula] = (await screen.findAllByRole("listitem")) as [HTMLElement, HTMLElement];
    expect(screen.getByText("You have 2 of 10 books on loan.")).toBeInTheDocument();
    expect(within(moby).getByRole("heading", { level: 2, name: "Moby-Dick" })).toBeInTheDocument();
    expect(within(moby).getByRole("img", { name: "Cover of Moby-Dick" })).toHaveAttribute(
      "src",
      "/api/books/1/cover.svg",
    );
    expect(moby).toHaveTextContent("Herman Melville");
    expect(moby).toHaveTextContent("Borrow date16 December 2029");
    expect(moby).toHaveTextContent("Due date15 January 2030");
    expect(moby).toHaveTextContent("Borrowed");
    expect(within(moby).getByRole("button", { name: "Read Moby-Dick" })).toBeInTheDocument();
    expect(within(moby).getByRole("progressbar", { name: "42% read" })).toHaveValue(42);
    expect(moby).toHaveTextContent(/Time left\d+ days left/);
    expect(dracula).toHaveTextContent("Not started");
    expect(within(moby).getByRole("button", { name: "Renew Moby-Dick" })).toBeInTheDocument();
    expect(within(moby).getByRole("button", { name: "Return Moby-Dick" })).toBeInTheDocument();
    expect(dracula).toHaveTextContent("Overdue");
    expect(dracula).toHaveTextContent("Due dateUnknown");
  });

  it("switches tabs with the arrow keys and shows every loan in Borrowing History", async () => {
    const user = userEvent.setup();
    setUp();
    renderWithProviders(<MyBooks balance={readerBalance(20)} reading={reading} />, {
      route: "/user/books",
    });
    const current = screen.getByRole("tab", { name: "Currently Borrowed" });
    await screen.findAllByRole("listitem");
    current.focus();
    await user.keyboard("{ArrowRight}");

    const history = screen.getByRole("tab", { name: "Borrowing History" });
    expect(history).toHaveFocus();
    expect(history).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("location")).toHaveTextContent("/user/books?tab=history");
    const panel = screen.getByRole("tabpanel", { name: "Borrowing History" });
    const items = await within(panel).findAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual([
      "Emma",
      "Moby-Dick",
      "Middlemarch",
    ]);
    expect(items[2]).toHaveTextContent("Returned");
    expect(items[2]).toHaveTextContent("Return date20 January 2029");
    expect(items[0]).toHaveTextContent("Return dateNot returned yet");

    await user.keyboard("{Home}");
    expect(current).toHaveFocus();
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/user\/books$/);
  });

  it("says when nothing is on loan", async () => {
    setUp({ open: [] });
    renderWithProviders(<MyBooks balance={readerBalance(20)} reading={reading} />);
    expect(await screen.findByText("You have no books on loan at the moment.")).toBeInTheDocument();
  });

  it("shows the spec's toast when the loans cannot be loaded", async () => {
    setUp({
      override: { "/api/borrow/borrowlist": () => Promise.reject(new TypeError("offline")) },
    });
    renderWithProviders(<MyBooks balance={readerBalance(20)} reading={reading} />);
    // The toast and the notice in place of the list.
    await waitFor(() =>
      expect(screen.getAllByText("Failed to get data, please try again later")).toHaveLength(2),
    );
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  describe("renewal", () => {
    it("shows the fee (£5.00 until the price loads) and changes nothing before Confirm", async () => {
      const user = userEvent.setup();
      let answerPrice: (response: Response) => void = () => undefined;
      const server = setUp({
        override: {
          "/api/books/get": () =>
            new Promise<Response>((resolve) => {
              answerPrice = resolve;
            }),
        },
      });
      const balance = readerBalance(20);
      renderWithProviders(<MyBooks balance={balance} reading={reading} />);
      const dialog = await openRenewal(user);

      expect(within(dialog).getByText("Moby-Dick")).toBeInTheDocument();
      expect(dialog).toHaveTextContent("Current due date15 January 2030");
      expect(dialog).toHaveTextContent("New due date14 February 2030");
      expect(dialog).toHaveTextContent("Renewal fee£5.00");
      expect(dialog).toHaveTextContent("Your balance£20.00");
      expect(balance.refresh).toHaveBeenCalled();
      // Until the price is known, Confirm waits.
      expect(within(dialog).getByRole("button", { name: "Confirm" })).toHaveAttribute(
        "aria-disabled",
        "true",
      );

      answerPrice(jsonResponse(makeBookDetail(1, { price: 3.49 })));
      await waitFor(() => expect(dialog).toHaveTextContent("Renewal fee£3.49"));
      expect(within(dialog).getByRole("button", { name: "Confirm" })).not.toHaveAttribute(
        "aria-disabled",
      );
      expect(server.changes()).toEqual([]);

      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      expect(dialog).not.toBeInTheDocument();
      expect(server.changes()).toEqual([]);
    });

    it("renews on Confirm: a toast, the new due date in the list, the balance charged", async () => {
      const user = userEvent.setup();
      const server = setUp({ balance: 20, price: 4.99 });
      const balance = readerBalance(20);
      renderWithProviders(<MyBooks balance={balance} reading={reading} />);
      const dialog = await openRenewal(user);
      await waitFor(() => expect(dialog).toHaveTextContent("Renewal fee£4.99"));

      await user.click(within(dialog).getByRole("button", { name: "Confirm" }));

      expect(
        await screen.findByText("“Moby-Dick” renewed. It is now due on 14 February 2030."),
      ).toBeInTheDocument();
      expect(dialog).not.toBeInTheDocument();
      const moby = screen.getAllByRole("listitem")[0]!;
      expect(moby).toHaveTextContent("Due date14 February 2030");
      expect(balance.charged).toHaveBeenCalledWith(15.01);
      // Focus goes back to the button that opened the modal.
      expect(within(moby).getByRole("button", { name: "Renew Moby-Dick" })).toHaveFocus();

      const [renewal] = server.changes();
      expect(renewal?.path).toBe("/api/borrow/renew");
      expect(renewal?.body).toEqual({ bookId: "1" });
      expect(renewal?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    });

    it("offers Top Up instead of Confirm when the balance is below the fee", async () => {
      const user = userEvent.setup();
      const server = setUp({ balance: 2, price: 4.99 });
      renderWithProviders(<MyBooks balance={readerBalance(2)} reading={reading} />);
      const dialog = await openRenewal(user);

      expect(await within(dialog).findByRole("alert")).toHaveTextContent(
        "Insufficient balance, you need £2.99",
      );
      expect(within(dialog).queryByRole("button", { name: "Confirm" })).toBeNull();
      expect(within(dialog).getByRole("link", { name: "Top Up" })).toHaveAttribute(
        "href",
        "/user/profile?view=TopUp",
      );
      await user.click(within(dialog).getByRole("link", { name: "Top Up" }));
      expect(screen.getByTestId("location")).toHaveTextContent("/user/profile?view=TopUp");
      expect(server.changes()).toEqual([]);
    });

    it("shows the server's answer when it finds the balance short", async () => {
      const user = userEvent.setup();
      // The balance shown was out of date: the server has £1.
      setUp({ balance: 1, price: 4.99 });
      const balance = readerBalance(20);
      renderWithProviders(<MyBooks balance={balance} reading={reading} />);
      const dialog = await openRenewal(user);
      await waitFor(() => expect(dialog).toHaveTextContent("Renewal fee£4.99"));
      await user.click(within(dialog).getByRole("button", { name: "Confirm" }));

      expect(await within(dialog).findByRole("alert")).toHaveTextContent(
        "Insufficient balance, you need £3.99",
      );
      expect(within(dialog).getByRole("link", { name: "Top Up" })).toBeInTheDocument();
      expect(balance.charged).not.toHaveBeenCalled();
      expect(balance.refresh).toHaveBeenCalledTimes(2);
    });

    it("says so when the renewal fails, and keeps the key for a retry", async () => {
      const user = userEvent.setup();
      let failures = 1;
      const server = setUp({
        override: {
          "/api/borrow/renew": () => {
            if (failures-- > 0) return Promise.reject(new TypeError("Failed to fetch"));
            return jsonResponse({
              state: "success",
              message: "Renewal successful",
              borrowId: MOBY.borrowId,
              newDueDate: "2030-02-14T12:00:00.000Z",
              fee: 4.99,
              balance: 15.01,
              newPayment: 0,
            });
          },
        },
      });
      renderWithProviders(<MyBooks balance={readerBalance(20)} reading={reading} />);
      const dialog = await openRenewal(user);
      await waitFor(() => expect(dialog).toHaveTextContent("Renewal fee£4.99"));
      await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
      expect(await within(dialog).findByRole("alert")).toHaveTextContent(
        "Renewal failed, please try again later",
      );

      await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      const [first, second] = server.changes();
      expect(second?.headers.get("Idempotency-Key")).toBe(first?.headers.get("Idempotency-Key"));
    });

    it("says so when the book's price cannot be loaded", async () => {
      const user = userEvent.setup();
      setUp({
        override: { "/api/books/get": () => new Response("Bad gateway", { status: 502 }) },
      });
      renderWithProviders(<MyBooks balance={readerBalance(20)} reading={reading} />);
      const dialog = await openRenewal(user);
      expect(await within(dialog).findByRole("alert")).toHaveTextContent(
        "Failed to get book information, please try again later",
      );
      expect(dialog).toHaveTextContent("Renewal fee£5.00");
      expect(within(dialog).getByRole("button", { name: "Confirm" })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
    });

    it("says so when the balance cannot be checked", async () => {
      const user = userEvent.setup();
      setUp();
      renderWithProviders(
        <MyBooks balance={readerBalance(undefined, { failed: true })} reading={reading} />,
      );
      const dialog = await openRenewal(user);
      expect(within(dialog).getByRole("alert")).toHaveTextContent(
        "Failed to check renewal status, please try again later",
      );
      expect(dialog).toHaveTextContent("Your balanceUnknown");
      expect(within(dialog).getByRole("button", { name: "Confirm" })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
    });
  });

  describe("return", () => {
    it("returns after confirmation: the book leaves the list and shows as Returned", async () => {
      const user = userEvent.setup();
      const server = setUp();
      renderWithProviders(<MyBooks balance={readerBalance(20)} reading={reading} />);
      await user.click(await screen.findByRole("button", { name: "Return Moby-Dick" }));
      let dialog = screen.getByRole("dialog", { name: "Return book" });
      expect(dialog).toHaveTextContent("Return “Moby-Dick” by Herman Melville?");
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      expect(server.changes()).toEqual([]);

      await user.click(screen.getByRole("button", { name: "Return Moby-Dick" }));
      dialog = screen.getByRole("dialog", { name: "Return book" });
      await user.click(within(dialog).getByRole("button", { name: "Confirm" }));

      expect(await screen.findByText("“Moby-Dick” has been returned.")).toBeInTheDocument();
      expect(dialog).not.toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Moby-Dick" })).toBeNull();
      expect(screen.getAllByRole("listitem")).toHaveLength(1);
      expect(screen.getByText("You have 1 of 10 books on loan.")).toHaveFocus();
      expect(server.changes().map((call) => call.body)).toEqual([{ bookId: "1" }]);

      await user.click(screen.getByRole("tab", { name: "Borrowing History" }));
      const panel = screen.getByRole("tabpanel", { name: "Borrowing History" });
      const moby = (await within(panel).findAllByRole("listitem"))[1]!;
      expect(moby).toHaveTextContent("Moby-Dick");
      expect(moby).toHaveTextContent("Returned");
    });

    it("puts focus on the empty list's text after the last book goes back", async () => {
      const user = userEvent.setup();
      setUp({ open: [MOBY] });
      renderWithProviders(<MyBooks balance={readerBalance(20)} reading={reading} />);
      await user.click(await screen.findByRole("button", { name: "Return Moby-Dick" }));
      const dialog = screen.getByRole("dialog", { name: "Return book" });
      await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
      expect(await screen.findByText("You have no books on loan at the moment.")).toHaveFocus();
    });

    it("keeps the book and says so when the return fails", async () => {
      const user = userEvent.setup();
      setUp({
        override: { "/api/borrow/return": () => new Response("Bad gateway", { status: 502 }) },
      });
      renderWithProviders(<MyBooks balance={readerBalance(20)} reading={reading} />);
      await user.click(await screen.findByRole("button", { name: "Return Moby-Dick" }));
      const dialog = screen.getByRole("dialog", { name: "Return book" });
      await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
      expect(await within(dialog).findByRole("alert")).toHaveTextContent(
        "Return failed, please try again later",
      );
      expect(screen.getAllByRole("listitem")).toHaveLength(2);
    });
  });
});
