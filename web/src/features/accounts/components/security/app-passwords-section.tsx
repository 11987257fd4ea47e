import type { AppPassword, AppPasswordCreated } from "@folio/contract/security";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { ApiError, serverMessage } from "../../../../lib/api-client";
import { formatLongDate } from "../../../../lib/dates";
import { profileViewPath } from "../../../../lib/profile-views";
import { Button } from "../../../../ui/button";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { CopyButton } from "../../../../ui/copy-button";
import { QueryState } from "../../../../ui/query-state";
import { FormMessage, TextField } from "../../../../ui/text-field";
import {
  useAppPasswords,
  useCreateAppPassword,
  useRevokeAppPassword,
} from "../../hooks/security-queries";
import { securityTexts } from "../../messages";
import { useCurrentPassword } from "../../reauth";
import { CurrentPasswordField } from "../current-password-field";
import { failureNotice, NoticeMessage, type Notice } from "./section-notice";

/** The server's limit on an app password's name (contract security.ts). */
const NAME_MAX_LENGTH = 60;

/** The section's heading id: Read in Apps links here (Settings#app-passwords). */
export const APP_PASSWORDS_ANCHOR = "app-passwords";

/**
 * Settings › App passwords (issue 26): one password per e-reader app for the OPDS catalogue,
 * shown once when made, each revocable alone. With two-factor sign-in on they are the only way
 * an app signs in.
 */
export function AppPasswordsSection() {
  const appPasswords = useAppPasswords();
  const heading = useRef<HTMLHeadingElement>(null);
  const [revoking, setRevoking] = useState<AppPassword | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [revokedCount, setRevokedCount] = useState(0);

  useEffect(() => {
    // The revoked row is about to go, and focus with it (the dialog gave it back to its Revoke
    // button): keep the reader in the section, where the notice says what happened.
    if (revokedCount > 0) heading.current?.focus();
  }, [revokedCount]);

  return (
    <section className="security-section" aria-labelledby={APP_PASSWORDS_ANCHOR}>
      <h3 id={APP_PASSWORDS_ANCHOR} ref={heading} tabIndex={-1}>
        App passwords
      </h3>
      <p className="security-section__intro">
        An app password signs an e-reader app, such as KOReader or Thorium Reader, in to the Folio
        catalogue. Give each app its own, so you can revoke one without signing the others out. With
        two-factor sign-in on, apps can only sign in with one. Changing your password revokes them
        all. <Link to={profileViewPath("ReadInApps")}>How to add Folio to an app</Link>
      </p>
      <QueryState
        query={appPasswords}
        loadingLabel="Loading your app passwords"
        failedMessage={securityTexts.appPasswordsFailed}
        isEmpty={(list) => list.length === 0}
        empty={<p className="security-section__state">You have no app passwords yet.</p>}
      >
        {(list) => (
          <ul className="security-list" aria-label="Your app passwords">
            {list.map((appPassword) => (
              <AppPasswordItem
                key={appPassword.id}
                appPassword={appPassword}
                onRevoke={() => {
                  setNotice(null);
                  setRevoking(appPassword);
                }}
              />
            ))}
          </ul>
        )}
      </QueryState>
      <NoticeMessage notice={notice} />
      <CreateAppPassword onStart={() => setNotice(null)} />
      {revoking && (
        <RevokeAppPasswordDialog
          appPassword={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={() => {
            setRevoking(null);
            setNotice({ tone: "success", text: securityTexts.appPasswordRevoked });
            setRevokedCount((count) => count + 1);
          }}
        />
      )}
    </section>
  );
}

function AppPasswordItem({
  appPassword,
  onRevoke,
}: {
  appPassword: AppPassword;
  onRevoke: () => void;
}) {
  return (
    <li className="security-item">
      <div className="security-item__body">
        <div className="security-item__summary">
          <p className="security-item__title">{appPassword.name}</p>
          <p className="security-item__meta">
            Created {formatLongDate(appPassword.createdAt)} ·{" "}
            {appPassword.lastUsedAt
              ? `Last used ${formatLongDate(appPassword.lastUsedAt)}`
              : "Never used"}
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="security-item__action"
          aria-label={`Revoke app password ${appPassword.name}`}
          onClick={onRevoke}
        >
          Revoke
        </Button>
      </div>
    </li>
  );
}

interface RevokeAppPasswordDialogProps {
  appPassword: AppPassword;
  onClose: () => void;
  onRevoked: () => void;
}

/** Asks first: an app signed in with it stops working at once, and it cannot be brought back. */
function RevokeAppPasswordDialog({
  appPassword,
  onClose,
  onRevoked,
}: RevokeAppPasswordDialogProps) {
  const revoke = useRevokeAppPassword();
  return (
    <ConfirmDialog
      title="Revoke app password?"
      confirmLabel="Revoke"
      pendingLabel="Revoking…"
      confirmVariant="danger"
      onConfirm={() => revoke.mutateAsync(appPassword.id)}
      onConfirmed={onRevoked}
      failureMessage={(error) =>
        failureNotice(error, securityTexts.appPasswordRevokeFailed)?.text ?? null
      }
      onClose={onClose}
    >
      <p>
        Revoke “{appPassword.name}”? Any app that signs in with it will be refused until you give it
        a new app password.
      </p>
    </ConfirmDialog>
  );
}

/** The form, or, once a password is made, that password until the reader has taken it. */
function CreateAppPassword({ onStart }: { onStart: () => void }) {
  const create = useCreateAppPassword();
  const password = useCurrentPassword();
  const nameInput = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [created, setCreated] = useState<AppPasswordCreated | null>(null);
  const pending = create.isPending;

  function refuseName(message: string) {
    setProblem(message);
    nameInput.current?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    onStart();
    setNotice(null);
    const trimmed = name.trim();
    if (trimmed === "" || trimmed.length > NAME_MAX_LENGTH) {
      refuseName(securityTexts.appPasswordName);
      return;
    }
    setProblem(null);
    if (!password.checkFilled()) return;
    create.mutate(
      { name: trimmed, currentPassword: password.currentPassword },
      {
        onSuccess: (answer) => {
          password.reset();
          setName("");
          setCreated(answer);
        },
        onError: (error) => {
          if (password.handleFailure(error)) return;
          if (error instanceof ApiError && error.code === "VALIDATION") {
            refuseName(serverMessage(error) ?? securityTexts.appPasswordName);
            return;
          }
          setNotice(failureNotice(error, securityTexts.appPasswordCreateFailed));
        },
      },
    );
  }

  if (created) {
    return (
      <NewAppPassword
        created={created}
        onDone={() => {
          // Only the server's hash of it is kept from here on; the page forgets it too.
          setCreated(null);
          create.reset();
        }}
      />
    );
  }
  return (
    <form className="security-add" onSubmit={handleSubmit} noValidate>
      <TextField
        ref={nameInput}
        label="App password name"
        hint="The app or device it is for, for example “KOReader on my Kobo”."
        name="appPasswordName"
        autoComplete="off"
        maxLength={NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
        errorId={problem ? problemId : undefined}
      />
      {problem && (
        <FormMessage id={problemId} tone="error">
          {problem}
        </FormMessage>
      )}
      <CurrentPasswordField state={password} />
      <div className="security-actions">
        <Button type="submit" variant="secondary" aria-disabled={pending ? true : undefined}>
          {pending ? "Creating…" : "Create app password"}
        </Button>
      </div>
      <NoticeMessage notice={notice} />
    </form>
  );
}

function NewAppPassword({ created, onDone }: { created: AppPasswordCreated; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <div className="app-password-new">
      <h4 ref={heading} tabIndex={-1}>
        Your app password for “{created.appPassword.name}”
      </h4>
      <p className="app-password-new__warning">
        <strong>Copy it now: you will not see it again.</strong> Enter it in the app as the
        password, with your email address as the username.
      </p>
      <p className="app-password-new__secret">
        <code>{created.password}</code>
      </p>
      <div className="security-actions">
        <CopyButton text={created.password}>Copy password</CopyButton>
        <Button size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
