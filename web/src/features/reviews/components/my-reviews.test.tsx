import type { WireId } from "@folio/contract/common";
import type { Review } from "@folio/contract/reviews";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import {
  makeAddedReview,
  makeDeletedReview,
  makeReview,
  makeReviewList,
  MY_UUID,
} from "../../../test/reviews";
import { MyReviews } from "./my-reviews";

type Answer = (init: RequestInit | undefined) => Response | Promise<Response>;

const NOW = "2030-02-02T08:00:00.000Z";

const MINE = [
  makeReview(12, {
    uuid: MY_UUID,
    bookId: "3",
    bookTitle: "Frankenstein",
    rating: 4,
    content: "Chilling and sad.",
    createDate: "2030-01-20T10:00:00.000Z",
  }),
  makeReview(11, {
    uuid: MY_UUID,
    bookId: "1",
    bookTitle: "Moby-Dick",
    rating: 2,
    content: "Too many whales.",
    createDate: "2030-01-05T10:00:00.000Z",
  }),
];

/** The reader's reviews as the server keeps them; `answers` replaces a call. */
function serveMyReviews(reviews: Review[], answers: Record<string, Answer> = {}) {
  let kept = [...reviews];
  const all: Record<string, Answer> = {
    "/api/reviews/user": () => jsonResponse(makeReviewList(kept)),
    "/api/reviews/delete": (init) => {
      const { commentId } = sentBody(init) as { commentId: WireId };
      kept = kept.filter((review) => review.commentId !== commentId);
      return jsonResponse(makeDeletedReview(null, 0));
    },
    "/api/reviews/update": (init) => {
      const body = sentBody(init) as { commentId: WireId; rating: number; comment: string };
      kept = kept.map((review) =>
        review.commentId === body.commentId
          ? { ...review, rating: body.rating, content: body.comment, updatedAt: NOW }
          : review,
      );
      const edited = kept.find((review) => review.commentId === body.commentId)!;
      return jsonResponse(makeAddedReview(edited, body.rating, 1));
    },
    ...answers,
  };
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const answer = all[requestUrl(input).pathname];
    if (!answer)
      return Promise.reject(new Error(`unexpected call to ${requestUrl(input).pathname}`));
    return Promise.resolve(answer(init));
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function callsTo(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === path);
}

function renderView() {
  return renderWithProviders(<MyReviews />, {
    route: "/user/reviews",
    session: { isLoggedIn: true },
  });
}

describe("MyReviews", () => {
  it("lists each review with its stars, its book, the date and the text", async () => {
    serveMyReviews(MINE);
    renderView();
    expect(screen.getByText("Loading your reviews")).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Your reviews" });
    const [first, second] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("link", { name: "Frankenstein" })).toHaveAttribute(
      "href",
      "/book/3",
    );
    expect(within(first).getByRole("img", { name: "Rated 4.0 out of 5" })).toBeInTheDocument();
    expect(first).toHaveTextContent("20 January 2030");
    expect(first).toHaveTextContent("Chilling and sad.");
    expect(within(second).getByRole("link", { name: "Moby-Dick" })).toHaveAttribute(
      "href",
      "/book/1",
    );
    expect(within(second).getByRole("img", { name: "Rated 2.0 out of 5" })).toBeInTheDocument();
  });

  it("deletes a review only after confirmation, then says so and updates the list", async () => {
    const user = userEvent.setup();
    const fetchMock = serveMyReviews(MINE);
    renderView();
    const remove = await screen.findByRole("button", {
      name: "Delete your review of Frankenstein",
    });

    await user.click(remove);
    let dialog = screen.getByRole("alertdialog", { name: "Delete review" });
    expect(dialog).toHaveTextContent("Are you sure you want to delete this comment?");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(dialog).not.toBeInTheDocument();
    expect(remove).toHaveFocus();

    await user.click(remove);
    dialog = screen.getByRole("alertdialog", { name: "Delete review" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Review deleted")).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    const deletes = fetchMock.mock.calls.filter(
      ([input]) => requestUrl(input).pathname === "/api/reviews/delete",
    );
    expect(deletes).toHaveLength(1);
    expect(sentBody(deletes[0]?.[1])).toEqual({ commentId: "12" });
    expect(screen.queryByRole("link", { name: "Frankenstein" })).not.toBeInTheDocument();
    // Focus lands on the Delete button now in the same place.
    const next = screen.getByRole("button", { name: "Delete your review of Moby-Dick" });
    await waitFor(() => expect(next).toHaveFocus());

    await user.click(next);
    await user.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    expect(await screen.findByText("You have not reviewed any books yet.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("link", { name: "Browse books" })).toHaveFocus());
  });

  it("edits a review in place beside its Delete: prefilled, saved, then focus on its Edit", async () => {
    const user = userEvent.setup();
    const fetchMock = serveMyReviews(MINE);
    renderView();
    const edit = await screen.findByRole("button", { name: "Edit your review of Moby-Dick" });
    expect(edit.nextElementSibling).toBe(
      screen.getByRole("button", { name: "Delete your review of Moby-Dick" }),
    );
    await user.click(edit);
    const form = screen.getByRole("form", { name: "Edit your review" });
    expect(within(form).getByRole("radio", { name: "2 stars" })).toBeChecked();
    const text = within(form).getByRole("textbox", { name: "Your review" });
    expect(text).toHaveValue("Too many whales.");
    // Only that review is being edited; the other keeps its buttons.
    expect(screen.getAllByRole("form")).toHaveLength(1);
    expect(
      screen.getByRole("button", { name: "Edit your review of Frankenstein" }),
    ).toBeInTheDocument();

    await user.click(within(form).getByRole("radio", { name: "3 stars" }));
    await user.clear(text);
    await user.type(text, "Just enough whales.");
    await user.click(within(form).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Your review is updated")).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, "/api/reviews/update")[0]?.[1])).toEqual({
      commentId: "11",
      rating: 3,
      comment: "Just enough whales.",
    });
    const card = screen.getByText("Just enough whales.").closest("li")!;
    expect(within(card).getByRole("img", { name: "Rated 3.0 out of 5" })).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Moby-Dick" })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Edit your review of Moby-Dick" })).toHaveFocus(),
    );
  });

  it("closes the edit on Escape without saving", async () => {
    const user = userEvent.setup();
    const fetchMock = serveMyReviews(MINE);
    renderView();
    await user.click(
      await screen.findByRole("button", { name: "Edit your review of Frankenstein" }),
    );
    await user.type(screen.getByRole("textbox", { name: "Your review" }), " More.");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(screen.getByText("Chilling and sad.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit your review of Frankenstein" })).toHaveFocus();
    expect(callsTo(fetchMock, "/api/reviews/update")).toHaveLength(0);
  });

  it("keeps the review and says so when deleting fails", async () => {
    const user = userEvent.setup();
    serveMyReviews(MINE, {
      "/api/reviews/delete": () => new Response("Bad gateway", { status: 502 }),
    });
    renderView();
    await user.click(
      await screen.findByRole("button", { name: "Delete your review of Frankenstein" }),
    );
    const dialog = screen.getByRole("alertdialog", { name: "Delete review" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Failed to delete review, please try again later",
    );
    expect(screen.queryByText("Review deleted")).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("link", { name: "Frankenstein" })).toBeInTheDocument();
  });

  it("says when the reader has written no reviews", async () => {
    serveMyReviews([]);
    renderView();
    expect(await screen.findByText("You have not reviewed any books yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse books" })).toHaveAttribute("href", "/books");
  });

  it("shows a toast and a retry when the reviews cannot be loaded", async () => {
    const user = userEvent.setup();
    let failing = true;
    serveMyReviews(MINE, {
      "/api/reviews/user": () =>
        failing
          ? Promise.reject(new TypeError("Failed to fetch"))
          : jsonResponse(makeReviewList(MINE)),
    });
    renderView();
    // The toast and the notice in the view.
    await waitFor(() =>
      expect(screen.getAllByText("Failed to get reviews, please try again later")).toHaveLength(2),
    );
    expect(document.querySelector(".toasts")).toHaveTextContent(
      "Failed to get reviews, please try again later",
    );
    failing = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Frankenstein" })).toBeInTheDocument();
  });
});
