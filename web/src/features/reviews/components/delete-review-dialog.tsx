import type { Review } from "@folio/contract/reviews";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { FormMessage } from "../../../ui/text-field";
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
  const [failed, setFailed] = useState(false);
  const pending = deletion.isPending;

  function close() {
    // Closing while the request runs would hide its outcome.
    if (!pending) onClose();
  }

  async function confirm() {
    if (pending) return;
    setFailed(false);
    try {
      await deletion.mutateAsync(review);
    } catch (error) {
      // A 401 has already sent the person to log in again.
      if (!(error instanceof ApiError && error.status === 401)) setFailed(true);
      return;
    }
    showToast(reviewMessages.deleted, { tone: "success" });
    onDeleted();
  }

  return (
    <Modal
      title="Delete review"
      tone="error"
      onClose={close}
      actions={
        <>
          <Button variant="secondary" aria-disabled={pending ? true : undefined} onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            aria-disabled={pending ? true : undefined}
            onClick={() => void confirm()}
          >
            {pending ? "Deleting…" : "Delete"}
          </Button>
        </>
      }
    >
      <p>{reviewMessages.confirmDelete}</p>
      {failed && <FormMessage tone="error">{reviewMessages.deleteFailed}</FormMessage>}
    </Modal>
  );
}
