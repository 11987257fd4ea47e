import type { TwoFactorSetupResponse } from "@folio/contract/security";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "../../../../ui/button";
import { TextField } from "../../../../ui/text-field";
import { useEnableTwoFactor } from "../../hooks/security-queries";
import { useFormProblem } from "../../hooks/use-form-problem";
import { accountMessages, securityTexts } from "../../messages";
import { useCurrentPassword } from "../../reauth";
import { FormProblemMessage } from "../account-fields";
import { CurrentPasswordField } from "../current-password-field";
import { QrCodeImage } from "./qr-code-image";
import { failureNotice } from "./section-notice";

interface TwoFactorSetupProps {
  setup: TwoFactorSetupResponse;
  /** The password the setup was started with, if the server asked for one then. */
  currentPassword: string | undefined;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/**
 * Turning two-factor on: the app scans the QR code (or takes the key typed in), then one code
 * from it proves the two agree before sign-in starts asking for codes. The password the setup
 * took goes along; if the server asks again (the session grew old meanwhile), the field shows.
 */
export function TwoFactorSetup({
  setup,
  currentPassword,
  onEnabled,
  onCancel,
}: TwoFactorSetupProps) {
  const enable = useEnableTwoFactor();
  const password = useCurrentPassword();
  const form = useFormProblem<"code">();
  const [code, setCode] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (enable.isPending) return;
    const typed = code.replace(/\s+/g, "");
    if (!/^[0-9]{6}$/.test(typed)) {
      form.report({ message: securityTexts.codeNeeded, fields: ["code"] });
      return;
    }
    form.clear();
    if (!password.checkFilled()) return;
    const input = { code: typed, currentPassword: password.currentPassword ?? currentPassword };
    enable.mutate(input, {
      onSuccess: (answer) => onEnabled(answer.recoveryCodes),
      onError: (error) => {
        // The code stays: the same button sends it again, with the password.
        if (password.handleFailure(error)) return;
        const notice = failureNotice(error, accountMessages.requestFailed);
        if (!notice) return;
        setCode("");
        form.report({ message: notice.text, fields: ["code"] });
      },
    });
  }

  const pending = enable.isPending;
  return (
    <div className="two-factor-setup">
      <h4 ref={heading} tabIndex={-1}>
        Set up your authenticator app
      </h4>
      <ol className="two-factor-setup__steps">
        <li>
          Open an authenticator app on your phone (such as Google Authenticator, Microsoft
          Authenticator, 1Password or Aegis) and scan this QR code.
        </li>
        <li>
          Can’t scan it? Add an account by hand with this key:{" "}
          <code className="two-factor-setup__secret" aria-label="Secret key">
            {setup.secret}
          </code>
          . On this phone,{" "}
          <a href={setup.otpauthUrl} className="two-factor-setup__app-link">
            open it in your authenticator app
          </a>
          .
        </li>
        <li>Enter the 6-digit code the app now shows for Folio.</li>
      </ol>
      <QrCodeImage url={setup.otpauthUrl} />
      <form className="two-factor-setup__form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          {...form.fieldProps("code")}
        />
        <FormProblemMessage form={form} />
        <CurrentPasswordField state={password} />
        <div className="security-actions">
          <Button type="submit" aria-disabled={pending ? true : undefined}>
            {pending ? "Checking…" : "Verify and turn on"}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
