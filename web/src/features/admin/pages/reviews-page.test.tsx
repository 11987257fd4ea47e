import type { AdminReview } from "@folio/contract/admin";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { sentBody } from "../../../test/accounts";
import { callsTo, chooseRowAction, READER_ID, staffApi } from "../../../test/admin";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { ReviewsPage } from "./reviews-page";

const review: AdminReview = {
  reviewId: "12",
  bookId: "7",
  bookTitle: "Moby-Dick",
  userId: READER_ID,
  username: "Grace",
  rating: 1,
  content: "The whale dies at the end.",
  createdAt: "2026-11-20T10:00:00.000Z",
  hiddenAt: null,
  hiddenReason: null,
};

function renderReviews() {
  let deleted = false;
  const fetchMock = staffApi({
    "/api/admin/reviews": () =>
      jsonResponse({
        state: "success",
        reviews: deleted ? [] : [review],
        page: 1,
        pageSize: 20,
        total: deleted ? 0 : 1,
      }),
    "/api/admin/reviews/hide": () =>
      jsonResponse({
        state: "success",
        review: { ...review, hiddenAt: "2026-11-22T10:00:00.000Z", hiddenReason: "Spoiler" },
        rating: null,
        ratingCount: 0,
      }),
    "/api/admin/reviews/delete": () => {
      deleted = true;
      return jsonResponse({ state: "success", review: null, rating: null, ratingCount: 0 });
    },
  });
  vi.stubGlobal("fetch", fetchMock);
  renderWithProviders(<ReviewsPage />, {
    route: "/admin/reviews",
    session: { isLoggedIn: true, role: "librarian" },
  });
  return fetchMock;
}

describe("review moderation", () => {
  it("hides a review with a reason", async () => {
    const user = userEvent.setup();
    const fetchMock = renderReviews();
    await chooseRowAction(user, "Actions for Grace’s review of Moby-Dick", "Hide");
    const dialog = screen.getByRole("dialog", { name: "Hide this review?" });
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Spoiler");
    await user.click(within(dialog).getByRole("button", { name: "Hide" }));
    expect(await screen.findByText("The review is hidden from readers.")).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, "/api/admin/reviews/hide")[0]?.init)).toEqual({
      reviewId: "12",
      reason: "Spoiler",
    });
  });

  it("deletes a review after asking why, and puts focus on the heading as its row goes", async () => {
    const user = userEvent.setup();
    const fetchMock = renderReviews();
    await chooseRowAction(user, "Actions for Grace’s review of Moby-Dick", "Delete");
    const dialog = screen.getByRole("dialog", { name: "Delete this review?" });
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Abusive");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("The review is deleted.")).toBeInTheDocument();
    expect(await screen.findByText("No reviews match.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "Reviews" })).toHaveFocus(),
    );
    expect(sentBody(callsTo(fetchMock, "/api/admin/reviews/delete")[0]?.init)).toEqual({
      reviewId: "12",
      reason: "Abusive",
    });
  });
});
