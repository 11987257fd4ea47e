import type { TopUpLimits, TopUpResponse } from "@folio/contract/payments";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { TopUp } from "./top-up";

// The form offers what the server will take (GET /api/payments/limits): the range in its hint,
// presets above what is left today disabled, and an amount over it refused before it is sent,
// in the server's own words.

function limits(dailyLimit: number, leftToday: number): TopUpLimits {
  return { state: "success", maxAmount: 10000, dailyLimit, leftToday };
}

function renderWithLimits(answer: TopUpLimits) {
  const fetchMock = fakeApi({
    "/api/payments/limits": jsonResponse(answer),
    "/api/payments/topup": () => {
      const { amount } = sentBody(fetchMock.mock.calls.at(-1)?.[1]) as { amount: number };
      return jsonResponse({
        state: "success",
        message: `Top up successful! £${amount.toFixed(2)} has been added to your account`,
        paymentId: "7",
        amount,
        balance: amount,
      } satisfies TopUpResponse);
    },
  });
  vi.stubGlobal("fetch", fetchMock);
  renderWithProviders(<TopUp balance={0} onToppedUp={vi.fn()} />, {
    route: "/user/profile?view=TopUp",
    session: { isLoggedIn: true },
  });
  return fetchMock;
}

const presets = () =>
  within(screen.getByRole("group", { name: "Choose an amount" })).getAllByRole("button");
const custom = () => screen.getByLabelText(/custom amount/);
const confirm = () => screen.getByRole("button", { name: "Confirm Top Up" });
const topUpCalls = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === "/api/payments/topup");

describe("TopUp within the server's limits", () => {
  it("offers every preset and the spec's range when the whole day's limit is left", async () => {
    renderWithLimits(limits(10000, 10000));
    expect(await screen.findByText("Whole pounds, from £1 to £10,000.")).toBeInTheDocument();
    for (const button of presets()) expect(button).toBeEnabled();
    expect(custom()).toHaveAttribute("max", "10000");
  });

  it("says what is left today, disables the presets above it and refuses more before sending", async () => {
    const user = userEvent.setup();
    const fetchMock = renderWithLimits(limits(1000, 15));
    const words = "You can top up at most £1,000.00 a day. You can add up to £15.00 more today.";

    expect(
      await screen.findByText(`Whole pounds, from £1 to £1,000. ${words}`),
    ).toBeInTheDocument();
    expect(
      presets().map((button) => [button.textContent, (button as HTMLButtonElement).disabled]),
    ).toEqual([
      ["£5.00", false],
      ["£10.00", false],
      ["£20.00", true],
      ["£50.00", true],
    ]);
    expect(custom()).toHaveAttribute("max", "15");

    await user.type(custom(), "16");
    expect(screen.getByRole("alert")).toHaveTextContent(words);
    expect(custom()).toHaveAttribute("aria-invalid", "true");
    expect(confirm()).toBeDisabled();
    await user.click(confirm());
    expect(topUpCalls(fetchMock)).toHaveLength(0);

    await user.clear(custom());
    await user.type(custom(), "15");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(confirm());
    expect(await screen.findByText(/has been added to your account/)).toBeInTheDocument();
    expect(sentBody(topUpCalls(fetchMock)[0]?.[1])).toEqual({ amount: 15 });
  });

  it("keeps the range to a daily limit below £10,000, and refuses more in the server's words", async () => {
    const user = userEvent.setup();
    renderWithLimits(limits(1000, 1000));
    expect(await screen.findByText("Whole pounds, from £1 to £1,000.")).toBeInTheDocument();
    expect(presets().map((button) => (button as HTMLButtonElement).disabled)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    await user.type(custom(), "5000");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "You can top up at most £1,000.00 a day. You can add up to £1,000.00 more today.",
    );
    expect(confirm()).toBeDisabled();
  });

  it("offers nothing once today's limit is reached, and says when it starts again", async () => {
    const user = userEvent.setup();
    renderWithLimits(limits(10000, 0));
    const words =
      "You have reached today's top-up limit of £10,000.00. You can top up again tomorrow.";
    expect(
      await screen.findByText(`Whole pounds, from £1 to £10,000. ${words}`),
    ).toBeInTheDocument();
    for (const button of presets()) expect(button).toBeDisabled();
    await user.type(custom(), "1");
    expect(screen.getByRole("alert")).toHaveTextContent(words);
    expect(confirm()).toBeDisabled();
  });
});
