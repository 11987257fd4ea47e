import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError, serverMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/document-title";
import { Button } from "../../../ui/button";
import { checkRegistration, type RegistrationValues } from "../account-validation";
import {
  EmailField,
  FormProblemMessage,
  NameField,
  NewPasswordFields,
} from "../components/account-fields";
import { AccountTabs } from "../components/account-tabs";
import { useRegister } from "../hooks/account-mutations";
import { useFormProblem } from "../hooks/use-form-problem";
import type { LoginPageState } from "../login-navigation";
import { accountMessages } from "../messages";
import "./account-pages.css";

/** Spec §9: to /login 1 s after registering, 1.5 s after "already registered". */
const REGISTERED_REDIRECT_MS = 1000;
const EMAIL_TAKEN_REDIRECT_MS = 1500;

const EMPTY: RegistrationValues = { name: "", email: "", password: "", confirmPassword: "" };

export function RegisterPage() {
  useDocumentTitle("Create an account");
  const navigate = useNavigate();
  const register = useRegister();
  const form = useFormProblem<keyof RegistrationValues>();
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const [registered, setRegistered] = useState(false);
  const [redirect, setRedirect] = useState<{ afterMs: number; email: string } | null>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!redirect) return;
    const state: LoginPageState = { email: redirect.email };
    const timer = window.setTimeout(() => void navigate("/login", { state }), redirect.afterMs);
    return () => window.clearTimeout(timer);
  }, [redirect, navigate]);

  useEffect(() => {
    // The form is replaced; put focus on the news so it is read out.
    if (registered) successHeading.current?.focus();
  }, [registered]);

  function update(field: keyof RegistrationValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (form.problem) form.clear();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending || redirect) return;
    const problem = checkRegistration(values);
    if (problem) {
      form.report(problem);
      return;
    }
    form.clear();
    const email = values.email.trim();
    register.mutate(
      { name: values.name.trim(), email, password: values.password },
      {
        onSuccess: () => {
          setRegistered(true);
          setRedirect({ afterMs: REGISTERED_REDIRECT_MS, email });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "EMAIL_TAKEN") {
            form.report({
              message: serverMessage(error) ?? accountMessages.emailTaken,
              fields: ["email"],
            });
            setRedirect({ afterMs: EMAIL_TAKEN_REDIRECT_MS, email });
            return;
          }
          const field = error instanceof ApiError ? error.field : undefined;
          form.report({
            message: serverMessage(error) ?? accountMessages.registrationError,
            fields: field && field in values ? [field as keyof RegistrationValues] : [],
          });
        },
      },
    );
  }

  if (registered) {
    return (
      <div className="page account-page">
        <section className="account-page__panel account-success" aria-labelledby="registered">
          <h1 id="registered" ref={successHeading} tabIndex={-1}>
            Account created
          </h1>
          <p className="account-success__message">{accountMessages.registered}</p>
          <p className="account-page__switch">
            <Link to="/login" state={{ email: values.email.trim() } satisfies LoginPageState}>
              Go to the login page now
            </Link>
          </p>
        </section>
      </div>
    );
  }

  const pending = register.isPending;
  return (
    <div className="page account-page">
      <div className="account-page__panel">
        <AccountTabs current="register" />
        <h1>Create an account</h1>
        <p className="account-page__note">
          Join Folio to borrow e-books from your prepaid balance, keep a wishlist and read in your
          browser.
        </p>
        <form className="account-form" onSubmit={handleSubmit} noValidate>
          <NameField
            value={values.name}
            onValueChange={(value) => update("name", value)}
            {...form.fieldProps("name")}
          />
          <EmailField
            value={values.email}
            onValueChange={(value) => update("email", value)}
            {...form.fieldProps("email")}
          />
          <NewPasswordFields
            label="Password"
            values={values}
            onChange={update}
            fieldProps={form.fieldProps}
          />
          <FormProblemMessage form={form} />
          <Button
            type="submit"
            className="account-form__submit"
            aria-disabled={pending || redirect !== null ? true : undefined}
          >
            {pending ? "Creating account…" : "Create account"}
          </Button>
        </form>
        <p className="account-page__switch">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </div>
    </div>
  );
}
