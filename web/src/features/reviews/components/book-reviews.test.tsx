import type { WireId } from "@folio/contract/common";
import type { BookDetail } from "@folio/contract/catalogue";
import type { Review } from "@folio/contract/reviews";
import { useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiGet } from "../../../lib/api-client";
import { bookQueryKey } from "../../../lib/catalogue-query-keys";
import { makeUserInfo, sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { makeBookDetail } from "../../../test/loans";
import { renderWithProviders } from "../../../test/render";
import {
  errorBody,
  makeAddedReview,
  makeDeletedReview,
  makeReview,
  makeReviewList,
  MY_UUID,
} from "../../../test/reviews";
import { BookReviews } from "./book-reviews";

type Answer = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * The review calls of one book (id 1) as the server answers them: it keeps the reviews and
 * the book's mean, so a post or a delete shows in the next reads. `answers` replaces a call.
 */
function serveReviews(
  options: { reviews?: Review[]; answers?: Record<string, Answer> } = {},
): ReturnType<typeof vi.fn<typeof fetch>> {
  let reviews = [...(options.reviews ?? [])];
  let nextId = 100;
  const mean = () => {
    if (reviews.length === 0) return null;
    return Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10;
  };
  const mine = () => reviews.filter((review) => review.uuid === MY_UUID);
  const answers: Record<string, Answer> = {
    "/api/books/get": () =>
      jsonResponse(makeBookDetail(1, { rating: mean(), ratingCount: reviews.length })),
    "/api/reviews/book": () => jsonResponse(makeReviewList(reviews)),
    "/api/reviews/user": () => jsonResponse(makeReviewList(mine())),
    "/api/reviews/add": (init) => {
      const body = sentBody(init) as { rating: number; comment: string };
      const review = makeReview(nextId++, {
        uuid: MY_UUID,
        username: makeUserInfo().name,
        rating: body.rating,
        content: body.comment.trim(),
        createDate: "2030-02-01T08:00:00.000Z",
      });
      reviews = [review, ...reviews];
      return jsonResponse(makeAddedReview(review, mean() ?? 0, reviews.length));
    },
    "/api/reviews/delete": (init) => {
      const { commentId } = sentBody(init) as { commentId: WireId };
      reviews = reviews.filter((review) => review.commentId !== commentId);
      return jsonResponse(makeDeletedReview(mean(), reviews.length));
    },
    "/api/reviews/update": (init) => {
      const body = sentBody(init) as { commentId: WireId; rating: number; comment: string };
      reviews = reviews.map((review) =>
        review.commentId === body.commentId
          ? {
              ...review,
              rating: body.rating,
              content: body.comment,
              updatedAt: "2030-02-02T08:00:00.000Z",
            }
          : review,
      );
      const edited = reviews.find((review) => review.commentId === body.commentId)!;
      return jsonResponse(makeAddedReview(edited, mean() ?? 0, reviews.length));
    },
    ...options.answers,
  };
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const answer = answers[requestUrl(input).pathname];
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

/** Shows the book's rating as the book page does, from the catalogue's cached book. */
function BookRatingProbe() {
  const book = useQuery({
    queryKey: bookQueryKey("1"),
    queryFn: () => apiGet<BookDetail>("/api/books/get", { bookId: "1" }),
  });
  return (
    <output data-testid="book-rating">
      {book.data ? `${book.data.rating ?? "none"} from ${book.data.ratingCount}` : "loading"}
    </output>
  );
}

function renderSection(options: { loggedIn?: boolean } = {}) {
  return renderWithProviders(
    <>
      <BookRatingProbe />
      <BookReviews bookId="1" />
    </>,
    { route: "/book/1", session: { isLoggedIn: options.loggedIn ?? false } },
  );
}

function reviewList() {
  return screen.getByRole("list", { name: "Reviews of this book" });
}

const OTHER_REVIEWS = [
  makeReview(2, {
    username: "Percy Shelley",
    rating: 4,
    content: "Haunting.\nI read it in one night.",
    createDate: "2030-01-12T18:00:00.000Z",
  }),
  makeReview(1, { username: "Mary Shelley", rating: 5, createDate: "2030-01-10T09:30:00.000Z" }),
];

describe("BookReviews for a visitor", () => {
  beforeEach(() => {
    serveReviews({ reviews: OTHER_REVIEWS });
  });

  it("lists the reviews newest first: stars, reviewer, long date and text", async () => {
    renderSection();
    expect(screen.getByText("Loading reviews")).toBeInTheDocument();

    const items = within(
      await screen.findByRole("list", { name: "Reviews of this book" }),
    ).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const [newest, older] = items as [HTMLElement, HTMLElement];
    expect(within(newest).getByRole("heading", { level: 3 })).toHaveTextContent("Percy Shelley");
    expect(within(newest).getByRole("img", { name: "Rated 4.0 out of 5" })).toBeInTheDocument();
    expect(within(newest).getByText("12 January 2030")).toHaveAttribute(
      "datetime",
      "2030-01-12T18:00:00.000Z",
    );
    expect(newest).toHaveTextContent("Haunting. I read it in one night.");
    expect(within(older).getByRole("heading", { level: 3 })).toHaveTextContent("Mary Shelley");
    expect(within(older).getByRole("img", { name: "Rated 5.0 out of 5" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /delete/i })).not.toBeInTheDocument();
  });

  it("asks a visitor to log in instead of showing the form", async () => {
    const fetchMock = serveReviews({ reviews: OTHER_REVIEWS });
    renderSection();
    expect(screen.getByText("Please login to post a review")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    await screen.findByRole("list", { name: "Reviews of this book" });
    // A visitor has no reviews of their own to ask for.
    expect(callsTo(fetchMock, "/api/reviews/user")).toHaveLength(0);
  });

  it("says when a book has no reviews", async () => {
    serveReviews({ reviews: [] });
    renderSection();
    expect(await screen.findByText("No reviews yet. Be the first to review!")).toBeInTheDocument();
  });

  it("shows markup in a review as the characters typed, never as elements", async () => {
    const hostile = "<script>alert(1)</script><b>x</b>";
    serveReviews({ reviews: [makeReview(9, { content: hostile, username: "<i>Mallory</i>" })] });
    const { container } = renderSection();
    expect(await screen.findByText(hostile)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "<i>Mallory</i>" })).toBeInTheDocument();
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("i")).toBeNull();
    expect(document.querySelector("script")).toBeNull();
  });

  it("offers a retry when the reviews cannot be loaded", async () => {
    const user = userEvent.setup();
    let failing = true;
    serveReviews({
      reviews: OTHER_REVIEWS,
      answers: {
        "/api/reviews/book": () =>
          failing
            ? new Response("Bad gateway", { status: 502 })
            : jsonResponse(makeReviewList(OTHER_REVIEWS)),
      },
    });
    renderSection();
    expect(
      await screen.findByText("Failed to get reviews, please try again later"),
    ).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Percy Shelley")).toBeInTheDocument();
  });
});

describe("BookReviews for a reader", () => {
  it("enables Post review only with a rating of at least 1 and non-blank text", async () => {
    const user = userEvent.setup();
    serveReviews({ reviews: OTHER_REVIEWS });
    renderSection({ loggedIn: true });
    const post = await screen.findByRole("button", { name: "Post review" });
    const text = screen.getByRole("textbox", { name: "Your review" });
    expect(post).toBeDisabled();
    expect(post).toHaveAccessibleDescription(
      "Choose a rating and write a few words to post your review.",
    );
    expect(screen.getByText("0/2000 characters")).toBeInTheDocument();

    await user.type(text, "Great");
    expect(screen.getByText("5/2000 characters")).toBeInTheDocument();
    expect(post).toBeDisabled();

    await user.click(screen.getByRole("radio", { name: "4 stars" }));
    expect(screen.getByRole("radio", { name: "4 stars" })).toBeChecked();
    expect(post).toBeEnabled();

    await user.clear(text);
    await user.type(text, "   ");
    expect(post).toBeDisabled();
    await user.type(text, "ok");
    expect(post).toBeEnabled();
    expect(text).toHaveAttribute("maxlength", "2000");
  });

  it("posts a review: it joins the list as the reader's, and the book's rating follows", async () => {
    const user = userEvent.setup();
    const fetchMock = serveReviews({ reviews: OTHER_REVIEWS });
    renderSection({ loggedIn: true });
    expect(await screen.findByText("4.5 from 2")).toBeInTheDocument();

    await user.click(await screen.findByRole("radio", { name: "3 stars" }));
    await user.type(screen.getByRole("textbox", { name: "Your review" }), "  A whale of a tale.  ");
    await user.click(screen.getByRole("button", { name: "Post review" }));

    expect(await screen.findByText("Thank you for your review")).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, "/api/reviews/add")[0]?.[1])).toEqual({
      bookId: "1",
      rating: 3,
      comment: "A whale of a tale.",
    });
    const items = within(reviewList()).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("Ada Lovelace");
    expect(items[0]).toHaveTextContent("Your review");
    expect(items[0]).toHaveTextContent("A whale of a tale.");
    expect(items[0]).toHaveFocus();
    expect(within(items[0]!).getByRole("button", { name: "Delete your review" })).toBeVisible();
    // One review per reader and book: the form gives way to a note.
    expect(screen.queryByRole("button", { name: "Post review" })).not.toBeInTheDocument();
    expect(screen.getByText("You have already reviewed this book.")).toBeInTheDocument();
    expect(screen.getByTestId("book-rating")).toHaveTextContent("4 from 3");
  });

  it("gives the server's reason when the reader has not borrowed the book", async () => {
    const user = userEvent.setup();
    let answer: Answer = () =>
      jsonResponse(
        errorBody("NOT_BORROWED", "You can review a book once you have borrowed it.", "bookId"),
        403,
      );
    serveReviews({ reviews: [], answers: { "/api/reviews/add": () => answer(undefined) } });
    renderSection({ loggedIn: true });
    await user.click(await screen.findByRole("radio", { name: "5 stars" }));
    await user.type(screen.getByRole("textbox", { name: "Your review" }), "Loved it");
    await user.click(screen.getByRole("button", { name: "Post review" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You can review a book once you have borrowed it.",
    );
    expect(screen.getByRole("textbox", { name: "Your review" })).toHaveValue("Loved it");
    expect(screen.getByText("No reviews yet. Be the first to review!")).toBeInTheDocument();

    answer = () => new Response("Bad gateway", { status: 502 });
    await user.click(screen.getByRole("button", { name: "Post review" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to add comment");

    answer = () => Promise.reject(new TypeError("Failed to fetch"));
    await user.click(screen.getByRole("button", { name: "Post review" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Failed to add comment"),
    );
  });

  it("shows a review posted elsewhere when the server says it exists", async () => {
    const user = userEvent.setup();
    const elsewhere = makeReview(50, { uuid: MY_UUID, username: "Ada Lovelace", rating: 2 });
    let posted = false;
    serveReviews({
      reviews: OTHER_REVIEWS,
      answers: {
        "/api/reviews/add": () => {
          posted = true;
          return jsonResponse(
            errorBody("ALREADY_REVIEWED", "You have already reviewed this book.", "bookId"),
            409,
          );
        },
        "/api/reviews/book": () =>
          jsonResponse(makeReviewList(posted ? [elsewhere, ...OTHER_REVIEWS] : OTHER_REVIEWS)),
        "/api/reviews/user": () => jsonResponse(makeReviewList(posted ? [elsewhere] : [])),
      },
    });
    renderSection({ loggedIn: true });
    await user.click(await screen.findByRole("radio", { name: "2 stars" }));
    await user.type(screen.getByRole("textbox", { name: "Your review" }), "Again");
    await user.click(screen.getByRole("button", { name: "Post review" }));

    expect(await screen.findByText("You have already reviewed this book.")).toBeInTheDocument();
    await waitFor(() => expect(within(reviewList()).getAllByRole("listitem")).toHaveLength(3));
    expect(within(reviewList()).getAllByRole("listitem")[0]).toHaveTextContent("Your review");
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("marks the reader's own review and deletes it after confirmation", async () => {
    const user = userEvent.setup();
    const own = makeReview(7, { uuid: MY_UUID, username: "Ada Lovelace", rating: 1 });
    const fetchMock = serveReviews({ reviews: [own, ...OTHER_REVIEWS] });
    renderSection({ loggedIn: true });

    expect(await screen.findByText("You have already reviewed this book.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Post review" })).not.toBeInTheDocument();
    const items = within(reviewList()).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Your review");
    expect(items[1]).not.toHaveTextContent("Your review");
    expect(
      within(reviewList()).getAllByRole("button", { name: "Delete your review" }),
    ).toHaveLength(1);
    expect(await screen.findByText("3.3 from 3")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete your review" }));
    let dialog = screen.getByRole("alertdialog", { name: "Delete review" });
    expect(dialog).toHaveTextContent("Are you sure you want to delete this comment?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(dialog).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/reviews/delete")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete your review" }));
    dialog = screen.getByRole("alertdialog", { name: "Delete review" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Review deleted")).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, "/api/reviews/delete")[0]?.[1])).toEqual({ commentId: "7" });
    expect(within(reviewList()).getAllByRole("listitem")).toHaveLength(2);
    expect(within(reviewList()).queryByText("Your review")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Reviews" })).toHaveFocus();
    // The form is back, and the rating no longer counts the review.
    expect(screen.getByRole("button", { name: "Post review" })).toBeInTheDocument();
    expect(screen.getByTestId("book-rating")).toHaveTextContent("4.5 from 2");
  });

  it("edits the reader's own review in place: prefilled, saved, the rating follows", async () => {
    const user = userEvent.setup();
    const own = makeReview(7, {
      uuid: MY_UUID,
      username: "Ada Lovelace",
      rating: 1,
      content: "Too long.",
    });
    const fetchMock = serveReviews({ reviews: [own, ...OTHER_REVIEWS] });
    renderSection({ loggedIn: true });
    expect(await screen.findByText("3.3 from 3")).toBeInTheDocument();
    // Only the reader's own review offers Edit, beside its Delete.
    const edit = within(reviewList()).getByRole("button", { name: "Edit your review" });
    expect(within(reviewList()).getAllByRole("button", { name: /^Edit/ })).toHaveLength(1);
    expect(edit.nextElementSibling).toBe(
      screen.getByRole("button", { name: "Delete your review" }),
    );

    // Cancel leaves it as it was and sends nothing.
    await user.click(edit);
    let form = screen.getByRole("form", { name: "Edit your review" });
    expect(within(form).getByRole("radio", { name: "1 star" })).toBeChecked();
    expect(within(form).getByRole("radio", { name: "1 star" })).toHaveFocus();
    expect(within(form).getByRole("textbox", { name: "Your review" })).toHaveValue("Too long.");
    await user.type(within(form).getByRole("textbox", { name: "Your review" }), " Or not");
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form", { name: "Edit your review" })).not.toBeInTheDocument();
    expect(within(reviewList()).getByText("Too long.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit your review" })).toHaveFocus();
    expect(callsTo(fetchMock, "/api/reviews/update")).toHaveLength(0);

    // Save sends the new rating and trimmed text, says so and shows them.
    await user.click(screen.getByRole("button", { name: "Edit your review" }));
    form = screen.getByRole("form", { name: "Edit your review" });
    await user.click(within(form).getByRole("radio", { name: "4 stars" }));
    const text = within(form).getByRole("textbox", { name: "Your review" });
    await user.clear(text);
    expect(within(form).getByRole("button", { name: "Save" })).toBeDisabled();
    await user.type(text, "  Long, and worth it.  ");
    await user.click(within(form).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Your review is updated")).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, "/api/reviews/update")[0]?.[1])).toEqual({
      commentId: "7",
      rating: 4,
      comment: "Long, and worth it.",
    });
    expect(screen.queryByRole("form", { name: "Edit your review" })).not.toBeInTheDocument();
    const mine = within(reviewList()).getAllByRole("listitem")[0]!;
    expect(mine).toHaveTextContent("Long, and worth it.");
    expect(within(mine).getByRole("img", { name: "Rated 4.0 out of 5" })).toBeInTheDocument();
    expect(mine).toHaveTextContent("Edited");
    expect(screen.getByTestId("book-rating")).toHaveTextContent("4.3 from 3");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Edit your review" })).toHaveFocus(),
    );
  });

  it("keeps the form and gives the server's reason when an edit is refused", async () => {
    const user = userEvent.setup();
    const own = makeReview(7, { uuid: MY_UUID, username: "Ada Lovelace", rating: 2 });
    serveReviews({
      reviews: [own],
      answers: {
        "/api/reviews/update": () =>
          jsonResponse(
            errorBody(
              "REVIEW_HIDDEN",
              "The library has hidden this review, so it cannot be edited.",
              "commentId",
            ),
            409,
          ),
      },
    });
    renderSection({ loggedIn: true });
    await user.click(await screen.findByRole("button", { name: "Edit your review" }));
    const form = screen.getByRole("form", { name: "Edit your review" });
    await user.click(within(form).getByRole("radio", { name: "5 stars" }));
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(
      await within(form).findByText("The library has hidden this review, so it cannot be edited."),
    ).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Edit your review" })).toBeInTheDocument();
    expect(screen.queryByText("Your review is updated")).not.toBeInTheDocument();
  });
});
