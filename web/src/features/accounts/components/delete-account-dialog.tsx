import { useNavigate } from "react-router";
import { serverMessage } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useToast } from "../../../ui/toast";
import { useDeleteAccount } from "../hooks/account-mutations";
import { accountMessages } from "../messages";

/** Confirms account deletion (spec §2); on success the person is logged out to /login. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const deletion = useDeleteAccount();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const { showToast } = useToast();
  return (
    <ConfirmDialog
      title="Delete account"
      tone="error"
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      confirmVariant="danger"
      onConfirm={() => deletion.mutateAsync()}
      onConfirmed={() => {
        // Runs even if the dialog has gone: a deleted account must never stay logged in here.
        showToast(accountMessages.deleted, { tone: "success" });
        signOut();
        void navigate("/login");
      }}
      failureMessage={(error) => serverMessage(error) ?? accountMessages.deleteFailed}
      onClose={onClose}
    >
      <p>
        Are you sure you want to delete your account? Any books on loan are returned, your cart,
        wish list and reviews are removed, and any balance left is lost. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
