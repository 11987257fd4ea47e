import { useState } from "react";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { FormMessage } from "../../../ui/text-field";
import { useToast } from "../../../ui/toast";
import { useClearCart } from "../hooks/cart-mutations";
import { cartMessages } from "../messages";

interface ClearCartDialogProps {
  count: number;
  onClose: () => void;
}

/** Spec §2: the cart is cleared only after this confirmation. */
export function ClearCartDialog({ count, onClose }: ClearCartDialogProps) {
  const clear = useClearCart();
  const { showToast } = useToast();
  const [failed, setFailed] = useState(false);
  const pending = clear.isPending;

  function confirm() {
    if (pending) return;
    setFailed(false);
    clear.mutate(undefined, {
      onSuccess: () => {
        showToast(cartMessages.cleared, { tone: "success" });
        onClose();
      },
      onError: () => setFailed(true),
    });
  }

  function cancel() {
    // Closing while the request runs would hide its outcome.
    if (!pending) onClose();
  }

  return (
    <Modal
      title="Confirm Cart Deletion"
      tone="error"
      onClose={cancel}
      actions={
        <>
          <Button variant="secondary" aria-disabled={pending ? true : undefined} onClick={cancel}>
            Cancel
          </Button>
          <Button variant="danger" aria-disabled={pending ? true : undefined} onClick={confirm}>
            {pending ? "Clearing..." : "Confirm Delete"}
          </Button>
        </>
      }
    >
      <p>
        Remove {count === 1 ? "the book" : `all ${count} books`} from your cart? You can add them
        again from their pages.
      </p>
      {failed && <FormMessage tone="error">{cartMessages.clearFailed}</FormMessage>}
    </Modal>
  );
}
