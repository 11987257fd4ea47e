import type { EmailLinkResponse } from "@folio/contract/security";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorSentence } from "../../../lib/api-errors";
import { useDocumentTitle } from "../../../lib/document-title";
import { useSession } from "../../../lib/session";
import { ButtonLink } from "../../../ui/button";
import { FormMessage } from "../../../ui/text-field";
import { confirmEmailChange, undoEmailChange } from "../api/security-api";
import { accountKeys } from "../hooks/user-info-query";
import { accountMessages, securityTexts } from "../messages";
import { storedEmail } from "../stored-account";
import "./account-pages.css";

type Outcome =
  | { state: "checking" }
  | { state: "done"; answer: EmailLinkResponse }
  | { state: "failed"; message: string };

/**
 * Opens a mailed link once: reads its token, takes it out of the address bar (so it stays out
 * of the history), and posts it. Once only, StrictMode's second run included: a second post
 * would find the link already used.
 */
function useEmailLink(send: (token: string) => Promise<EmailLinkResponse>): Outcome {
  const [searchParams, setSearchParams] = useSearchParams();
  const [token] = useState(() => searchParams.get("token")?.trim() ?? "");
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token === ""
      ? { state: "failed", message: securityTexts.emailLinkIncomplete }
      : { state: "checking" },
  );
  const sent = useRef(false);

  useEffect(() => {
    if (searchParams.has("token")) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  useEffect(() => {
    if (sent.current || token === "") return;
    sent.current = true;
    send(token).then(
      (answer) => setOutcome({ state: "done", answer }),
      (error: unknown) =>
        setOutcome({
          state: "failed",
          message: errorSentence(error, { fallback: accountMessages.requestFailed }),
        }),
    );
  }, [send, token]);

  return outcome;
}

function useFocusOnResult(outcome: Outcome) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (outcome.state !== "checking") heading.current?.focus();
  }, [outcome.state]);
  return heading;
}

function Checking() {
  return (
    <p className="account-page__note" role="status">
      Checking your link…
    </p>
  );
}

/**
 * /confirm-email?token=…: the link mailed to a new address (the address changes now) or the one
 * in a new account's welcome (the address is proven).
 */
export function ConfirmEmailPage() {
  useDocumentTitle("Confirm your email");
  const { isLoggedIn } = useSession();
  const queryClient = useQueryClient();
  const outcome = useEmailLink(confirmEmailChange);
  const heading = useFocusOnResult(outcome);

  const confirmedEmail = outcome.state === "done" ? outcome.answer.email : null;
  useEffect(() => {
    if (confirmedEmail === null || !isLoggedIn) return;
    // The header and the profile show the new address at once.
    storedEmail.write(confirmedEmail);
    void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
  }, [confirmedEmail, isLoggedIn, queryClient]);

  const onward = isLoggedIn ? (
    <ButtonLink to="/user/settings">Go to Settings</ButtonLink>
  ) : (
    <ButtonLink to="/login">Log in</ButtonLink>
  );

  return (
    <div className="page account-page">
      <section className="account-page__panel" aria-labelledby="email-link-heading">
        {outcome.state === "checking" && (
          <>
            <h1 id="email-link-heading">Confirm your email</h1>
            <Checking />
          </>
        )}
        {outcome.state === "done" && (
          <>
            <h1 id="email-link-heading" ref={heading} tabIndex={-1}>
              Email confirmed
            </h1>
            <FormMessage tone="success">{outcome.answer.message}</FormMessage>
            <p className="account-page__actions">{onward}</p>
          </>
        )}
        {outcome.state === "failed" && (
          <>
            <h1 id="email-link-heading" ref={heading} tabIndex={-1}>
              This link did not work
            </h1>
            <FormMessage tone="error">{outcome.message}</FormMessage>
            <p className="account-page__note">
              A link lasts 24 hours. For a new one, change your email again in Settings.
            </p>
            <p className="account-page__actions">{onward}</p>
          </>
        )}
      </section>
    </div>
  );
}

/**
 * /undo-email?token=…: the link mailed to the old address when someone asked to change it. The
 * change is undone and every session signed out, this browser's too; a new password is wise.
 */
export function UndoEmailPage() {
  useDocumentTitle("Undo the email change");
  const { isLoggedIn, signOut } = useSession();
  const outcome = useEmailLink(undoEmailChange);
  const heading = useFocusOnResult(outcome);

  const undone = outcome.state === "done";
  useEffect(() => {
    // The server has ended this browser's session with all the others.
    if (undone && isLoggedIn) signOut();
  }, [undone, isLoggedIn, signOut]);

  return (
    <div className="page account-page">
      <section className="account-page__panel" aria-labelledby="email-link-heading">
        {outcome.state === "checking" && (
          <>
            <h1 id="email-link-heading">Undo the email change</h1>
            <Checking />
          </>
        )}
        {outcome.state === "done" && (
          <>
            <h1 id="email-link-heading" ref={heading} tabIndex={-1}>
              Email change undone
            </h1>
            <FormMessage tone="success">{outcome.answer.message}</FormMessage>
            <p className="account-page__note">
              Every session of your account has been signed out, on all devices. If you did not ask
              for the change, someone may know your password: we suggest you choose a new one.
            </p>
            <p className="account-page__actions">
              <ButtonLink to="/forgot-password">Reset your password</ButtonLink>
              <ButtonLink to="/login" variant="secondary">
                Log in
              </ButtonLink>
            </p>
          </>
        )}
        {outcome.state === "failed" && (
          <>
            <h1 id="email-link-heading" ref={heading} tabIndex={-1}>
              This link did not work
            </h1>
            <FormMessage tone="error">{outcome.message}</FormMessage>
            <p className="account-page__note">
              If someone else changed your email,{" "}
              <Link to="/forgot-password">reset your password</Link> or contact the library.
            </p>
          </>
        )}
      </section>
    </div>
  );
}
