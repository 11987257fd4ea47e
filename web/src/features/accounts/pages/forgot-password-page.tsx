import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { errorSentence } from "../../../lib/api-errors";
import { useDocumentTitle } from "../../../lib/document-title";
import { Button } from "../../../ui/button";
import { checkEmail } from "../account-validation";
import { EmailField, FormProblemMessage } from "../components/account-fields";
import { useRequestPasswordReset } from "../hooks/account-mutations";
import { useFormProblem } from "../hooks/use-form-problem";
import { accountMessages } from "../messages";
import "./account-pages.css";

/** Asks for a reset link. The answer reads the same whether or not the email has an account. */
export function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  const requestReset = useRequestPasswordReset();
  const form = useFormProblem<"email">();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const sentHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (requestReset.isPending) return;
    const problem = checkEmail(email);
    if (problem) {
      form.report(problem);
      return;
    }
    form.clear();
    requestReset.mutate(email.trim(), {
      onSuccess: () => setSent(true),
      onError: (error) =>
        form.report({
          message: errorSentence(error, { fallback: accountMessages.requestFailed }),
          fields: [],
        }),
    });
  }

  if (sent) {
    return (
      <div className="page account-page">
        <section className="account-page__panel" aria-labelledby="reset-sent">
          <h1 id="reset-sent" ref={sentHeading} tabIndex={-1}>
            Check your email
          </h1>
          <p className="account-page__note">{accountMessages.resetLinkSent}</p>
          <p className="account-page__switch">
            <Link to="/login">Back to log in</Link>
          </p>
        </section>
      </div>
    );
  }

  const pending = requestReset.isPending;
  return (
    <div className="page account-page">
      <div className="account-page__panel">
        <h1>Forgot password</h1>
        <p className="account-page__note">
          Enter the email you registered with and we will send you a link to choose a new password.
        </p>
        <form className="account-form" onSubmit={handleSubmit} noValidate>
          <EmailField value={email} onValueChange={setEmail} {...form.fieldProps("email")} />
          <FormProblemMessage form={form} />
          <Button
            type="submit"
            className="account-form__submit"
            aria-disabled={pending ? true : undefined}
          >
            {pending ? "Sending…" : "Send reset link"}
          </Button>
        </form>
        <p className="account-page__switch">
          Remembered it? <Link to="/login">Log in</Link>
        </p>
      </div>
    </div>
  );
}
