import { useNavigate } from "react-router";
import { serverMessage } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useToast } from "../../../ui/toast";
import { useDeleteAccount } from "../hooks/account-mutations";
import { accountMessages } from "../messages";
import { asksForCurrentPassword, useCurrentPassword } from "../reauth";
import { CurrentPasswordField } from "./current-password-field";

/** Thrown to keep the dialog open while the current password it asks for is still blank. */
const PASSWORD_STILL_BLANK = new Error("current password still blank");

/**
 * Confirms account deletion (spec §2); on success the person is logged out to /login. Outside
 * the 10 minutes after signing in, the server asks for the current password first.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const deletion = useDeleteAccount();
  const password = useCurrentPassword();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const { showToast } = useToast();

  async function deleteAccount() {
    if (!password.checkFilled()) throw PASSWORD_STILL_BLANK;
    try {
      return await deletion.mutateAsync(password.currentPassword);
    } catch (error) {
      password.handleFailure(error);
      throw error;
    }
  }

  return (
    <ConfirmDialog
      title="Delete account"
      tone="error"
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      confirmVariant="danger"
      onConfirm={deleteAccount}
      onConfirmed={() => {
        // Runs even if the dialog has gone: a deleted account must never stay logged in here.
        showToast(accountMessages.deleted, { tone: "success" });
        signOut();
        void navigate("/login");
      }}
      failureMessage={(error) =>
        error === PASSWORD_STILL_BLANK || asksForCurrentPassword(error)
          ? null
          : (serverMessage(error) ?? accountMessages.deleteFailed)
      }
      onClose={onClose}
    >
      <p>
        Are you sure you want to delete your account? Any books on loan are returned, your cart,
        wish list and reviews are removed, and any balance left is lost. This cannot be undone.
      </p>
      <CurrentPasswordField state={password} />
    </ConfirmDialog>
  );
}
