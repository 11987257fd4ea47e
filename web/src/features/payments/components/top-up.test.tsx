import type { TopUpResponse } from "@folio/contract/payments";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { TopUp } from "./top-up";

function topUpAnswer(amount: number, balance: number): TopUpResponse {
  return {
    state: "success",
    message: `Top up successful! £${amount.toFixed(2)} has been added to your account`,
    paymentId: "41",
    amount,
    balance,
  };
}

function topUpCalls(fetchMock: ReturnType<typeof fakeApi>) {
  return fetchMock.mock.calls.filter(
    ([input]) => requestUrl(input).pathname === "/api/payments/topup",
  );
}

function renderTopUp(onToppedUp = vi.fn<(result: TopUpResponse) => void>()) {
  renderWithProviders(<TopUp balance={12.5} onToppedUp={onToppedUp} />, {
    route: "/user/profile?view=TopUp",
    session: { isLoggedIn: true },
  });
  return onToppedUp;
}

const preset = (name: string) => screen.getByRole("button", { name });
const custom = () => screen.getByLabelText(/custom amount/);
const confirm = () => screen.getByRole("button", { name: "Confirm Top Up" });

describe("TopUp", () => {
  let fetchMock: ReturnType<typeof fakeApi>;

  beforeEach(() => {
    fetchMock = fakeApi({
      "/api/payments/topup": () => {
        const { amount } = sentBody(fetchMock.mock.calls.at(-1)?.[1]) as { amount: number };
        return jsonResponse(topUpAnswer(amount, 12.5 + amount));
      },
    });
    vi.stubGlobal("fetch", fetchMock);
  });

  it("offers the four presets (issue 45: £5 to £50) as toggle buttons and a whole-pound custom amount", () => {
    renderTopUp();
    const group = screen.getByRole("group", { name: "Choose an amount" });
    expect(
      within(group)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["£5.00", "£10.00", "£20.00", "£50.00"]);
    for (const button of within(group).getAllByRole("button")) {
      expect(button).toHaveAttribute("aria-pressed", "false");
    }
    expect(custom()).toHaveAttribute("type", "number");
    expect(custom()).toHaveAttribute("min", "1");
    expect(custom()).toHaveAttribute("step", "1");
    expect(screen.getByText("£12.50")).toBeInTheDocument();
  });

  it("keeps Confirm Top Up disabled until an amount is chosen", async () => {
    const user = userEvent.setup();
    renderTopUp();
    expect(confirm()).toBeDisabled();
    await user.click(preset("£10.00"));
    expect(confirm()).toBeEnabled();
    // Pressing the chosen preset again takes it back.
    await user.click(preset("£10.00"));
    expect(preset("£10.00")).toHaveAttribute("aria-pressed", "false");
    expect(confirm()).toBeDisabled();

    await user.type(custom(), "0");
    expect(confirm()).toBeDisabled();
    expect(screen.getByRole("alert")).toHaveTextContent("Enter a whole number of pounds");
    expect(custom()).toHaveAttribute("aria-invalid", "true");
  });

  it("clears the custom amount when a preset is chosen, and the preset when typing", async () => {
    const user = userEvent.setup();
    renderTopUp();
    await user.type(custom(), "75");
    expect(custom()).toHaveValue(75);
    await user.click(preset("£20.00"));
    expect(preset("£20.00")).toHaveAttribute("aria-pressed", "true");
    expect(custom()).toHaveValue(null);

    await user.type(custom(), "30");
    expect(preset("£20.00")).toHaveAttribute("aria-pressed", "false");
    expect(custom()).toHaveValue(30);
    expect(screen.getByText("You will add £30.00.")).toBeInTheDocument();
  });

  it("clamps a custom amount above 10000 to 10000", async () => {
    const user = userEvent.setup();
    renderTopUp();
    await user.type(custom(), "123456");
    expect(custom()).toHaveValue(10000);
    expect(confirm()).toBeEnabled();
  });

  it("tops up, reports it, hands over the new balance and opens Payment Records", async () => {
    const user = userEvent.setup();
    const onToppedUp = renderTopUp();
    await user.click(preset("£50.00"));
    await user.click(confirm());

    expect(
      await screen.findByText("Top up successful! £50.00 has been added to your account"),
    ).toBeInTheDocument();
    expect(onToppedUp).toHaveBeenCalledWith(expect.objectContaining({ amount: 50, balance: 62.5 }));
    const [call] = topUpCalls(fetchMock);
    expect(sentBody(call?.[1])).toEqual({ amount: 50 });
    expect(new Headers(call?.[1]?.headers).get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByTestId("location")).toHaveTextContent("/user/profile?view=PaymentRecords");
    expect(preset("£50.00")).toHaveAttribute("aria-pressed", "false");
    expect(confirm()).toBeDisabled();
  });

  it("says so when the top-up fails, and retries a lost request with the same key", async () => {
    const user = userEvent.setup();
    let attempt = 0;
    fetchMock = fakeApi({
      "/api/payments/topup": () => {
        attempt += 1;
        return attempt === 1
          ? Promise.reject(new TypeError("Failed to fetch"))
          : new Response("Bad gateway", { status: 502 });
      },
    });
    vi.stubGlobal("fetch", fetchMock);
    const onToppedUp = renderTopUp();
    await user.type(custom(), "20");
    await user.click(confirm());
    expect(await screen.findByText("Top up failed, please try again later")).toBeInTheDocument();
    await user.click(confirm());
    await waitFor(() => expect(topUpCalls(fetchMock)).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Confirm Top Up" })).toBeEnabled(),
    );

    // The first try got no answer, so the second is the same top-up: one key for both.
    const keys = topUpCalls(fetchMock).map(([, init]) =>
      new Headers(init?.headers).get("Idempotency-Key"),
    );
    expect(keys[0]).toBe(keys[1]);
    // The 502 was an answer: the next press is a new top-up.
    await user.click(confirm());
    await waitFor(() => expect(topUpCalls(fetchMock)).toHaveLength(3));
    const third = new Headers(topUpCalls(fetchMock)[2]?.[1]?.headers).get("Idempotency-Key");
    expect(third).not.toBe(keys[0]);
    expect(onToppedUp).not.toHaveBeenCalled();
    expect(custom()).toHaveValue(20);
  });

  it("shows how much may still be added today when the daily limit refuses a top-up", async () => {
    const user = userEvent.setup();
    const message = "You can top up at most £1,000.00 a day. You can add up to £30.00 more today.";
    fetchMock = fakeApi({
      "/api/payments/topup": jsonResponse(
        { state: "error", code: "TOP_UP_DAILY_LIMIT", message, field: "amount" },
        409,
      ),
    });
    vi.stubGlobal("fetch", fetchMock);
    const onToppedUp = renderTopUp();
    await user.click(preset("£50.00"));
    await user.click(confirm());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText("Top up failed, please try again later")).not.toBeInTheDocument();
    expect(onToppedUp).not.toHaveBeenCalled();
    expect(screen.getByTestId("location")).toHaveTextContent("/user/profile?view=TopUp");
  });
});
