import { useState } from "react";
import { useNavigate } from "react-router";
import { serverMessage } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { FormMessage } from "../../../ui/text-field";
import { useToast } from "../../../ui/toast";
import { useDeleteAccount } from "../hooks/account-mutations";
import { accountMessages } from "../messages";

/** Confirms account deletion (spec §2); on success the person is logged out to /login. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const deletion = useDeleteAccount();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [error, setError] = useState<string | null>(null);
  const pending = deletion.isPending;

  async function confirm() {
    if (pending) return;
    setError(null);
    try {
      await deletion.mutateAsync();
    } catch (failure) {
      setError(serverMessage(failure) ?? accountMessages.deleteFailed);
      return;
    }
    // Runs even if the dialog has gone: a deleted account must never stay logged in here.
    showToast(accountMessages.deleted, { tone: "success" });
    signOut();
    void navigate("/login");
  }

  return (
    <Modal
      title="Delete account"
      tone="error"
      // Closing while the request runs would hide its outcome.
      onClose={() => {
        if (!pending) onClose();
      }}
      actions={
        <>
          <Button
            variant="secondary"
            aria-disabled={pending ? true : undefined}
            onClick={() => {
              if (!pending) onClose();
            }}
          >
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            aria-disabled={pending ? true : undefined}
          >
            {pending ? "Deleting…" : "Delete"}
          </Button>
        </>
      }
    >
      <p>
        Are you sure you want to delete your account? Any books on loan are returned, your cart,
        wish list and reviews are removed, and any balance left is lost. This cannot be undone.
      </p>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </Modal>
  );
}
