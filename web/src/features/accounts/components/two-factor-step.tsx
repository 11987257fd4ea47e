import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError } from "../../../lib/api-client";
import { errorSentence } from "../../../lib/api-errors";
import { Button } from "../../../ui/button";
import { TextField } from "../../../ui/text-field";
import type { LoginResponse } from "@folio/contract/accounts";
import { useLoginWithCode } from "../hooks/account-mutations";
import { useFormProblem } from "../hooks/use-form-problem";
import { accountMessages, securityTexts } from "../messages";
import { FormProblemMessage } from "./account-fields";

type Mode = "code" | "recovery";

interface TwoFactorStepProps {
  challenge: string;
  onSignedIn: (login: LoginResponse) => void;
  /** Back to the password step; with the reason when the sign-in has expired. */
  onRestart: (message: string | null) => void;
}

/**
 * The second step of a sign-in with two-factor on (design.md §7.4): the 6-digit code from the
 * reader's app, or, with "Use a recovery code", one of the codes saved when it was turned on.
 */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const verify = useLoginWithCode();
  const form = useFormProblem<Mode>();
  const [mode, setMode] = useState<Mode>("code");
  const [value, setValue] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const switched = useRef(false);

  useEffect(() => {
    // The password form has gone: say where the person now is.
    heading.current?.focus();
  }, []);

  useEffect(() => {
    // After "Use a recovery code" (and back), the new field is the next thing to fill in.
    if (switched.current) input.current?.focus();
  }, [mode]);

  function switchMode() {
    switched.current = true;
    setMode((current) => (current === "code" ? "recovery" : "code"));
    setValue("");
    form.clear();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verify.isPending) return;
    const typed = mode === "code" ? value.replace(/\s+/g, "") : value.trim();
    if (mode === "code" && !/^[0-9]{6}$/.test(typed)) {
      form.report({ message: securityTexts.codeNeeded, fields: ["code"] });
      return;
    }
    if (mode === "recovery" && typed === "") {
      form.report({ message: securityTexts.recoveryCodeNeeded, fields: ["recovery"] });
      return;
    }
    form.clear();
    try {
      const outcome = await verify.mutateAsync({
        challenge,
        secret: mode === "code" ? { code: typed } : { recoveryCode: typed },
      });
      if (outcome.state === "success") onSignedIn(outcome.login);
    } catch (error) {
      if (error instanceof ApiError && error.code === "CHALLENGE_EXPIRED") {
        onRestart(errorSentence(error, { fallback: securityTexts.challengeExpired }));
        return;
      }
      if (error instanceof ApiError && error.code === "TWO_FACTOR_LOCKED") {
        // Too many wrong codes on the account: only a recovery code signs in now.
        switched.current = true;
        setMode("recovery");
        setValue("");
        form.report({
          message: errorSentence(error, { fallback: accountMessages.requestFailed }),
          fields: ["recovery"],
        });
        return;
      }
      // A wrong code may be tried again (up to the challenge's limit) with the same challenge.
      setValue("");
      form.report({
        message: errorSentence(error, { fallback: accountMessages.requestFailed }),
        fields: [mode],
      });
    }
  }

  const { ref: problemRef, ...problemLink } = form.fieldProps(mode);
  const field = {
    ref: (element: HTMLInputElement | null) => {
      input.current = element;
      problemRef(element);
    },
    ...problemLink,
    value,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
    autoComplete: mode === "code" ? "one-time-code" : "off",
    autoCapitalize: "none",
    spellCheck: false,
  };
  const pending = verify.isPending;
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Two-factor sign-in
      </h1>
      <p className="account-page__note">
        {mode === "code"
          ? "Open your authenticator app and enter the 6-digit code it shows for Folio."
          : "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once."}
      </p>
      <form className="account-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        {mode === "code" ? (
          <TextField
            key="code"
            label="Authentication code"
            name="code"
            inputMode="numeric"
            maxLength={10}
            {...field}
          />
        ) : (
          <TextField
            key="recovery"
            label="Recovery code"
            name="recoveryCode"
            maxLength={40}
            {...field}
          />
        )}
        <p className="account-form__aside">
          <button type="button" className="account-form__link" onClick={switchMode}>
            {mode === "code" ? "Use a recovery code" : "Use the code from your app"}
          </button>
        </p>
        <FormProblemMessage form={form} />
        <Button
          type="submit"
          className="account-form__submit"
          aria-disabled={pending ? true : undefined}
        >
          {pending ? "Checking…" : "Verify"}
        </Button>
      </form>
      <p className="account-page__switch">
        <button type="button" className="account-form__link" onClick={() => onRestart(null)}>
          Back to log in
        </button>
      </p>
    </>
  );
}
