import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { errorSentence } from "../../../lib/api-errors";
import { useDocumentTitle } from "../../../lib/document-title";
import { Button, ButtonLink } from "../../../ui/button";
import { FormMessage } from "../../../ui/text-field";
import { checkNewPassword, type NewPasswordValues } from "../account-validation";
import { FormProblemMessage, NewPasswordFields } from "../components/account-fields";
import { useResetPassword } from "../hooks/account-mutations";
import { useFormProblem } from "../hooks/use-form-problem";
import { accountMessages } from "../messages";
import "./account-pages.css";

/** Opened from the password_reset mail: /reset-password?token=… */
export function ResetPasswordPage() {
  useDocumentTitle("Reset password");
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once, then taken out of the address bar at once, so it stays out of the history and
  // of anything the page later shares its address with.
  const [token] = useState(() => searchParams.get("token")?.trim() ?? "");
  useEffect(() => {
    if (searchParams.has("token")) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);
  const resetPassword = useResetPassword();
  const form = useFormProblem<keyof NewPasswordValues>();
  const [values, setValues] = useState<NewPasswordValues>({ password: "", confirmPassword: "" });
  const [tokenRejected, setTokenRejected] = useState(false);
  const [done, setDone] = useState(false);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  function update(field: keyof NewPasswordValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resetPassword.isPending) return;
    const problem = checkNewPassword(values);
    if (problem) {
      form.report(problem);
      return;
    }
    form.clear();
    resetPassword.mutate(
      { token, password: values.password },
      {
        onSuccess: () => setDone(true),
        onError: (error) => {
          const invalidToken = error instanceof ApiError && error.code === "INVALID_RESET_TOKEN";
          setTokenRejected(invalidToken);
          // A refused password (a common one, design.md §7.4) is tied to its field.
          const field = error instanceof ApiError ? error.field : undefined;
          form.report({
            message: errorSentence(error, { fallback: accountMessages.requestFailed }),
            fields: field === "password" || field === "confirmPassword" ? [field] : [],
          });
        },
      },
    );
  }

  if (done) {
    return (
      <div className="page account-page">
        <section className="account-page__panel" aria-labelledby="reset-done">
          <h1 id="reset-done" ref={doneHeading} tabIndex={-1}>
            Password changed
          </h1>
          <p className="account-page__note">{accountMessages.passwordChanged}</p>
          <ButtonLink to="/login" className="account-form__submit">
            Log in
          </ButtonLink>
        </section>
      </div>
    );
  }

  if (token === "") {
    return (
      <div className="page account-page">
        <div className="account-page__panel">
          <h1>Reset password</h1>
          <FormMessage tone="error">{accountMessages.resetLinkMissing}</FormMessage>
          <p className="account-page__switch">
            <Link to="/forgot-password">Ask for a new link</Link>
          </p>
        </div>
      </div>
    );
  }

  const pending = resetPassword.isPending;
  return (
    <div className="page account-page">
      <div className="account-page__panel">
        <h1>Reset password</h1>
        <p className="account-page__note">Choose a new password for your Folio account.</p>
        <form className="account-form" onSubmit={handleSubmit} noValidate>
          <NewPasswordFields
            label="New password"
            values={values}
            onChange={update}
            fieldProps={form.fieldProps}
          />
          <FormProblemMessage form={form} />
          {tokenRejected && (
            <p className="account-form__aside">
              <Link to="/forgot-password">Ask for a new link</Link>
            </p>
          )}
          <Button
            type="submit"
            className="account-form__submit"
            aria-disabled={pending ? true : undefined}
          >
            {pending ? "Saving…" : "Set new password"}
          </Button>
        </form>
      </div>
    </div>
  );
}
