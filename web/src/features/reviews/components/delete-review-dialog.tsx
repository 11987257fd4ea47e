import type { Review } from "@folio/contract/reviews";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useToast } from "../../../ui/toast";
import { useDeleteReview } from "../hooks/review-mutations";
import { reviewMessages } from "../messages";

interface DeleteReviewDialogProps {
  review: Pick<Review, "commentId" | "bookId">;
  onClose: () => void;
  /** The review is gone; the lists no longer hold it. */
  onDeleted: () => void;
}

/** Spec §8: a review is deleted only after this confirmation. */
export function DeleteReviewDialog({ review, onClose, onDeleted }: DeleteReviewDialogProps) {
  const deletion = useDeleteReview();
  const { showToast } = useToast();
  return (
    <ConfirmDialog
      title="Delete review"
      tone="error"
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      confirmVariant="danger"
      onConfirm={() => deletion.mutateAsync(review)}
      onConfirmed={() => {
        showToast(reviewMessages.deleted, { tone: "success" });
        onDeleted();
      }}
      failureMessage={() => reviewMessages.deleteFailed}
      onClose={onClose}
    >
      <p>{reviewMessages.confirmDelete}</p>
    </ConfirmDialog>
  );
}
