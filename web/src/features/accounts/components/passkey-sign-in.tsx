import { useState } from "react";
import { errorSentence } from "../../../lib/api-errors";
import { Button } from "../../../ui/button";
import { FormMessage } from "../../../ui/text-field";
import { usePasskeySignIn, type LoginOutcome } from "../hooks/account-mutations";
import { securityTexts } from "../messages";
import { browserHasPasskeys, isPasskeyCancel } from "../passkey-ceremony";

interface Notice {
  tone: "error" | "info";
  text: string;
}

function failure(error: unknown): Notice {
  if (isPasskeyCancel(error)) return { tone: "info", text: securityTexts.passkeySignInCancelled };
  return { tone: "error", text: errorSentence(error, { fallback: securityTexts.passkeyFailed }) };
}

/**
 * "Sign in with a passkey" (design.md §7.4): no email, no password; the device shows the
 * passkeys it holds for this site. Shown only where the browser can use passkeys.
 */
export function PasskeySignIn({ onOutcome }: { onOutcome: (outcome: LoginOutcome) => void }) {
  const signIn = usePasskeySignIn();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [supported] = useState(browserHasPasskeys);
  if (!supported) return null;

  const pending = signIn.isPending;
  return (
    <div className="account-passkey">
      <p className="account-passkey__or" aria-hidden="true">
        or
      </p>
      <Button
        variant="secondary"
        className="account-form__submit"
        aria-disabled={pending ? true : undefined}
        onClick={() => {
          if (pending) return;
          setNotice(null);
          signIn.mutate(undefined, {
            onSuccess: onOutcome,
            onError: (error) => setNotice(failure(error)),
          });
        }}
      >
        {pending ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </Button>
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
    </div>
  );
}
