import { ConfirmDialog } from "../../../ui/confirm-dialog";
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
  return (
    <ConfirmDialog
      title="Confirm Cart Deletion"
      tone="error"
      confirmLabel="Confirm Delete"
      pendingLabel="Clearing..."
      confirmVariant="danger"
      onConfirm={() => clear.mutateAsync()}
      onConfirmed={() => {
        showToast(cartMessages.cleared, { tone: "success" });
        onClose();
      }}
      failureMessage={() => cartMessages.clearFailed}
      onClose={onClose}
    >
      <p>
        Remove {count === 1 ? "the book" : `all ${count} books`} from your cart? You can add them
        again from their pages.
      </p>
    </ConfirmDialog>
  );
}
