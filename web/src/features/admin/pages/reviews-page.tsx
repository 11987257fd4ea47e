import type { AdminReview } from "@folio/contract/admin";
import { STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatLongDate } from "../../../lib/dates";
import { useDocumentTitle } from "../../../lib/document-title";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useToast } from "../../../ui/toast";
import type { AdminReviewsQuery } from "../api/reviews-api";
import { ActionDialog } from "../components/action-dialog";
import { ActionsHeader, RowActions } from "../components/admin-table";
import { ConsoleList } from "../components/console-list";
import { FilterBar, FilterSelect, SearchBox } from "../components/list-controls";
import {
  useAdminReviews,
  useDeleteReview,
  useHideReview,
  useUnhideReview,
} from "../hooks/review-queries";
import { oneOf, useListParams } from "../hooks/use-list-params";
import { adminMessages, problemText } from "../messages";

type ReviewFilter = NonNullable<AdminReviewsQuery["status"]>;

const FILTERS = [
  { value: "all", label: "All reviews" },
  { value: "visible", label: "Shown" },
  { value: "hidden", label: "Hidden" },
] as const satisfies readonly { value: ReviewFilter; label: string }[];

type Dialog = { kind: "hide" | "unhide" | "delete"; review: AdminReview } | null;

/** /admin/reviews: moderation. Hiding keeps a review for its writer; deleting removes it. */
export function ReviewsPage() {
  useDocumentTitle("Reviews · Staff console");
  const { read, update, page } = useListParams();
  const status = oneOf(read("status"), ["all", "visible", "hidden"], "all");
  const q = read("q");
  const reviews = useAdminReviews({ status, q: q || undefined, page, pageSize: STAFF_PAGE_SIZE });
  const [dialog, setDialog] = useState<Dialog>(null);
  const refocus = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hide = useHideReview();
  const unhide = useUnhideReview();
  const remove = useDeleteReview();
  const { showToast } = useToast();

  // A deleted review's row goes, and its Delete button with it: focus goes to the heading.
  useEffect(() => {
    if (!refocus.current || dialog) return;
    refocus.current = false;
    headingRef.current?.focus();
  }, [dialog]);

  const done = (message: string) => {
    setDialog(null);
    showToast(message, { tone: "success" });
  };

  return (
    <div className="console-page">
      <h1 ref={headingRef} tabIndex={-1}>
        Reviews
      </h1>
      <FilterBar>
        <FilterSelect
          label="Show"
          value={status}
          options={FILTERS}
          onChange={(next) => update({ status: next === "all" ? null : next })}
        />
        <SearchBox
          label="Search review, book or reviewer"
          value={q}
          onSearch={(text) => update({ q: text }, { replace: true })}
        />
      </FilterBar>
      <ConsoleList
        query={reviews}
        loadingLabel="Loading the reviews"
        empty={adminMessages.noReviews}
        rows={(data) => data.reviews}
        noun={["review", "reviews"]}
        label="Reviews"
        caption="Reviews, newest first"
        columns={
          <>
            <th scope="col">Book</th>
            <th scope="col">Reviewer</th>
            <th scope="col" className="console-table__number">
              Rating
            </th>
            <th scope="col">Review</th>
            <th scope="col">Written</th>
            <th scope="col">Status</th>
            <ActionsHeader />
          </>
        }
        pagesLabel="Review pages"
        onPage={(next) => update({ page: next })}
      >
        {(review) => <ReviewRow key={review.reviewId} review={review} onAction={setDialog} />}
      </ConsoleList>
      {dialog?.kind === "hide" && (
        <ActionDialog
          title="Hide this review?"
          submitLabel="Hide"
          pendingLabel="Hiding…"
          reason={{}}
          onSubmit={({ reason }) => hide.mutateAsync({ reviewId: dialog.review.reviewId, reason })}
          onDone={() => done(adminMessages.reviewHidden)}
          onClose={() => setDialog(null)}
        >
          <p>
            Readers no longer see {dialog.review.username}’s review of “{dialog.review.bookTitle}”,
            and it no longer counts in the book’s rating. You can show it again.
          </p>
        </ActionDialog>
      )}
      {dialog?.kind === "unhide" && (
        <ConfirmDialog
          title="Show this review again?"
          confirmLabel="Unhide"
          pendingLabel="Showing…"
          onConfirm={() => unhide.mutateAsync(dialog.review.reviewId)}
          onConfirmed={() => done(adminMessages.reviewShown)}
          failureMessage={problemText}
          onClose={() => setDialog(null)}
        >
          <p>
            {dialog.review.username}’s review of “{dialog.review.bookTitle}” is shown to readers and
            counts in the rating again.
          </p>
        </ConfirmDialog>
      )}
      {dialog?.kind === "delete" && (
        <ActionDialog
          title="Delete this review?"
          submitLabel="Delete"
          pendingLabel="Deleting…"
          submitVariant="danger"
          reason={{}}
          onSubmit={({ reason }) =>
            remove.mutateAsync({ reviewId: dialog.review.reviewId, reason })
          }
          onDone={() => {
            refocus.current = true;
            done(adminMessages.reviewDeleted);
          }}
          onClose={() => setDialog(null)}
        >
          <p>
            {dialog.review.username}’s review of “{dialog.review.bookTitle}” is deleted for good.
            The audit log keeps what it said.
          </p>
        </ActionDialog>
      )}
    </div>
  );
}

function ReviewRow({
  review,
  onAction,
}: {
  review: AdminReview;
  onAction: (dialog: Dialog) => void;
}) {
  return (
    <tr>
      <th scope="row">{review.bookTitle}</th>
      <td>
        <Link to={`/admin/readers/${review.userId}`}>{review.username}</Link>
      </td>
      <td className="console-table__number">{review.rating} of 5</td>
      <td className="console-table__wide">{review.content}</td>
      <td className="console-table__nowrap">{formatLongDate(review.createdAt)}</td>
      <td>
        {review.hiddenAt ? (
          <>
            <span className="console-badge console-badge--muted">Hidden</span>
            {review.hiddenReason && (
              <span className="console-cell-line console-muted">{review.hiddenReason}</span>
            )}
          </>
        ) : (
          <span className="console-badge console-badge--ok">Shown</span>
        )}
      </td>
      <RowActions
        label={`Actions for ${review.username}’s review of ${review.bookTitle}`}
        items={[
          review.hiddenAt
            ? { label: "Unhide", onSelect: () => onAction({ kind: "unhide", review }) }
            : { label: "Hide", onSelect: () => onAction({ kind: "hide", review }) },
          { label: "Delete", tone: "danger", onSelect: () => onAction({ kind: "delete", review }) },
        ]}
      />
    </tr>
  );
}
