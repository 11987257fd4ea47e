import type { LoginResponse } from "@folio/contract/accounts";
import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { errorSentence, type ErrorWording } from "../../../lib/api-errors";
import { useDocumentTitle } from "../../../lib/document-title";
import { Button } from "../../../ui/button";
import { checkLogin, type LoginValues } from "../account-validation";
import { EmailField, FormProblemMessage, PasswordField } from "../components/account-fields";
import { AccountTabs } from "../components/account-tabs";
import { PasskeySignIn } from "../components/passkey-sign-in";
import { TwoFactorStep } from "../components/two-factor-step";
import { useLogin, type LoginOutcome } from "../hooks/account-mutations";
import { useFormProblem } from "../hooks/use-form-problem";
import { readLoginPageState } from "../login-navigation";
import { accountMessages } from "../messages";
import { rememberLogin } from "../stored-account";
import "./account-pages.css";

// An answer that cannot be read means the account's details could not be fetched.
const LOGIN_WORDING: ErrorWording = {
  fallback: accountMessages.requestFailed,
  byCode: { INVALID_RESPONSE: accountMessages.userInfoFailed },
};

export function LoginPage() {
  useDocumentTitle("Log in");
  const location = useLocation();
  const navigate = useNavigate();
  const { email: prefilledEmail, returnTo } = readLoginPageState(location.state);
  const login = useLogin();
  const form = useFormProblem<keyof LoginValues>();
  const [values, setValues] = useState<LoginValues>({ email: prefilledEmail, password: "" });
  // With two-factor sign-in on, the password step answers a challenge for the code step.
  const [challenge, setChallenge] = useState<string | null>(null);

  function update(field: keyof LoginValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function finish(session: LoginResponse) {
    // Storing the token and leaving happen in one render, so the visitors-only guard of
    // this page never redirects a half-finished login to the home page.
    rememberLogin(session);
    void navigate(returnTo, { replace: true });
  }

  function follow(outcome: LoginOutcome) {
    if (outcome.state === "2fa_required") setChallenge(outcome.challenge);
    else finish(outcome.login);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    const problem = checkLogin(values);
    if (problem) {
      form.report(problem);
      return;
    }
    form.clear();
    try {
      follow(
        await login.mutateAsync({
          email: values.email.trim(),
          password: values.password,
        }),
      );
    } catch (error) {
      form.report({
        message: errorSentence(error, LOGIN_WORDING),
        fields: error instanceof ApiError && error.code === "WRONG_CREDENTIALS" ? ["password"] : [],
      });
    }
  }

  if (challenge !== null) {
    return (
      <div className="page account-page">
        <div className="account-page__panel">
          <TwoFactorStep
            challenge={challenge}
            onSignedIn={finish}
            onRestart={(message) => {
              setChallenge(null);
              update("password", "");
              if (message) form.report({ message, fields: ["password"] });
              else form.clear();
            }}
          />
        </div>
      </div>
    );
  }

  const pending = login.isPending;
  return (
    <div className="page account-page">
      <div className="account-page__panel">
        <AccountTabs current="login" />
        <h1>Log in</h1>
        <p className="account-page__note">
          Welcome back. Log in to borrow e-books, keep a wishlist and read in your browser.
        </p>
        <form className="account-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
          <EmailField
            value={values.email}
            onValueChange={(value) => update("email", value)}
            {...form.fieldProps("email")}
          />
          <PasswordField
            label="Password"
            value={values.password}
            onValueChange={(value) => update("password", value)}
            {...form.fieldProps("password")}
          />
          <p className="account-form__aside">
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
          <FormProblemMessage form={form} />
          <Button
            type="submit"
            className="account-form__submit"
            aria-disabled={pending ? true : undefined}
          >
            {pending ? "Logging in…" : "Log in"}
          </Button>
        </form>
        <PasskeySignIn onOutcome={follow} />
        <p className="account-page__switch">
          New to Folio? <Link to="/register">Create an account</Link>
        </p>
      </div>
    </div>
  );
}
