import type { Passkey } from "@folio/contract/security";
import { useId, useState, type FormEvent } from "react";
import { formatLongDate } from "../../../../lib/dates";
import { Button } from "../../../../ui/button";
import { QueryState } from "../../../../ui/query-state";
import { TextField } from "../../../../ui/text-field";
import { useAddPasskey, usePasskeys, useRemovePasskey } from "../../hooks/security-queries";
import { accountMessages, securityTexts } from "../../messages";
import { browserHasPasskeys, isPasskeyAlreadyAdded, isPasskeyCancel } from "../../passkey-ceremony";
import { useCurrentPassword, type CurrentPasswordState } from "../../reauth";
import { CurrentPasswordField } from "../current-password-field";
import { failureNotice, NoticeMessage, type Notice } from "./section-notice";

/** The server's limit on a passkey's name (contract security.ts). */
const NAME_MAX_LENGTH = 60;

/** Settings › Passkeys (design.md §7.4): sign in with the device's lock instead of a password. */
export function PasskeysSection() {
  const headingId = useId();
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const password = useCurrentPassword();
  const [removing, setRemoving] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [supported] = useState(browserHasPasskeys);

  function removePasskey(passkey: Passkey) {
    if (remove.isPending) return;
    if (removing !== passkey.id) {
      // The password asked for another passkey's removal does for this one too; keep it.
      setRemoving(passkey.id);
    } else if (!password.checkFilled()) {
      return;
    }
    setNotice(null);
    remove.mutate(
      { id: passkey.id, currentPassword: password.currentPassword },
      {
        onSuccess: (answer) => {
          password.reset();
          setRemoving(null);
          setNotice({ tone: "success", text: answer.message });
        },
        onError: (error) => {
          if (password.handleFailure(error)) return;
          setNotice(failureNotice(error, accountMessages.requestFailed));
        },
      },
    );
  }

  return (
    <section className="security-section" aria-labelledby={headingId}>
      <h3 id={headingId}>Passkeys</h3>
      <p className="security-section__intro">
        A passkey signs you in with your fingerprint, face or device PIN, with no password to type
        or to steal.
      </p>
      <QueryState
        query={passkeys}
        loadingLabel="Loading your passkeys"
        failedMessage={securityTexts.passkeysFailed}
        isEmpty={(list) => list.length === 0}
        empty={<p className="security-section__state">You have no passkeys yet.</p>}
      >
        {(list) => (
          <ul className="security-list" aria-label="Your passkeys">
            {list.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                password={removing === passkey.id ? password : null}
                pending={remove.isPending && remove.variables?.id === passkey.id}
                onRemove={() => removePasskey(passkey)}
              />
            ))}
          </ul>
        )}
      </QueryState>
      <NoticeMessage notice={notice} />
      {supported ? (
        <AddPasskeyForm />
      ) : (
        <p className="security-section__hint">{securityTexts.passkeysUnsupported}</p>
      )}
    </section>
  );
}

interface PasskeyItemProps {
  passkey: Passkey;
  /** The current-password step, when it is this passkey's removal that needs it. */
  password: CurrentPasswordState | null;
  pending: boolean;
  onRemove: () => void;
}

function PasskeyItem({ passkey, password, pending, onRemove }: PasskeyItemProps) {
  return (
    <li className="security-item">
      <form
        className="security-item__body"
        onSubmit={(event) => {
          event.preventDefault();
          onRemove();
        }}
        noValidate
      >
        <div className="security-item__summary">
          <p className="security-item__title">{passkey.name}</p>
          <p className="security-item__meta">
            Added {formatLongDate(passkey.createdAt)} ·{" "}
            {passkey.lastUsedAt ? `Last used ${formatLongDate(passkey.lastUsedAt)}` : "Never used"}
          </p>
        </div>
        {password && <CurrentPasswordField state={password} />}
        <Button
          type="submit"
          variant="ghost"
          size="sm"
          className="security-item__action"
          aria-label={`Remove passkey ${passkey.name}`}
          aria-disabled={pending ? true : undefined}
        >
          {pending ? "Removing…" : "Remove"}
        </Button>
      </form>
    </li>
  );
}

function AddPasskeyForm() {
  const add = useAddPasskey();
  const password = useCurrentPassword();
  const [name, setName] = useState("");
  const [notice, setNotice] = useState<Notice | null>(null);
  const pending = add.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !password.checkFilled()) return;
    setNotice(null);
    const input = { name: name.trim() || undefined, currentPassword: password.currentPassword };
    add.mutate(input, {
      onSuccess: () => {
        password.reset();
        setName("");
        setNotice({ tone: "success", text: securityTexts.passkeyAdded });
      },
      onError: (error) => {
        if (password.handleFailure(error)) return;
        if (isPasskeyCancel(error)) {
          setNotice({ tone: "info", text: securityTexts.passkeyAddCancelled });
        } else if (isPasskeyAlreadyAdded(error)) {
          setNotice({ tone: "error", text: securityTexts.passkeyAlreadyAdded });
        } else {
          setNotice(failureNotice(error, securityTexts.passkeyFailed));
        }
      },
    });
  }

  return (
    <form className="security-add" onSubmit={handleSubmit} noValidate>
      <TextField
        label="Passkey name (optional)"
        hint="So you can tell your passkeys apart, for example “Work laptop”."
        name="passkeyName"
        autoComplete="off"
        maxLength={NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <CurrentPasswordField state={password} />
      <div className="security-actions">
        <Button type="submit" variant="secondary" aria-disabled={pending ? true : undefined}>
          {pending ? "Waiting for your device…" : "Add a passkey"}
        </Button>
      </div>
      <NoticeMessage notice={notice} />
    </form>
  );
}
