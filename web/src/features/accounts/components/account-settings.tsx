import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@folio/contract/constants";
import { useState, type FormEvent } from "react";
import { ApiError, serverMessage } from "../../../lib/api-client";
import { Button } from "../../../ui/button";
import { FormMessage, TextField } from "../../../ui/text-field";
import { useToast } from "../../../ui/toast";
import { collectAccountChanges, type AccountChangeValues } from "../account-validation";
import { useUpdateAccount } from "../hooks/account-mutations";
import { EmailField, FormProblemMessage, NameField, PasswordField } from "./account-fields";
import { useFormProblem } from "../hooks/use-form-problem";
import { useUserInfo } from "../hooks/user-info-query";
import { accountMessages, securityTexts } from "../messages";
import { asksForCurrentPassword } from "../reauth";
import "./account-views.css";

const EMPTY: AccountChangeValues = { name: "", email: "", password: "" };

type SettingsField = keyof AccountChangeValues | "currentPassword";

/** A new address waiting for its mailed link (design.md §7.4), and what the server said. */
interface PendingEmail {
  email: string;
  message: string;
}

/**
 * Profile › Settings (spec §2, §5): change only the fields filled in. A new email or password
 * may need the current password (design.md §7.4): its field shows only once the server asks.
 */
export function AccountSettings() {
  const { data: user } = useUserInfo();
  const update = useUpdateAccount();
  const { showToast } = useToast();
  const form = useFormProblem<SettingsField>();
  const [values, setValues] = useState<AccountChangeValues>(EMPTY);
  const [passwordAsked, setPasswordAsked] = useState(false);
  const [currentPassword, setCurrentPassword] = useState("");
  const [pendingEmail, setPendingEmail] = useState<PendingEmail | null>(null);

  function change(field: keyof AccountChangeValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const { changes, problem } = collectAccountChanges(values);
    if (problem) {
      form.report(problem);
      return;
    }
    const needsPassword = changes.email !== undefined || changes.password !== undefined;
    if (passwordAsked && needsPassword && currentPassword === "") {
      form.report({ message: securityTexts.currentPasswordNeeded, fields: ["currentPassword"] });
      return;
    }
    form.clear();
    const sent =
      passwordAsked && currentPassword !== "" ? { ...changes, currentPassword } : changes;
    update.mutate(sent, {
      onSuccess: (answer) => {
        setValues(EMPTY);
        setPasswordAsked(false);
        setCurrentPassword("");
        if (answer.pendingEmail) {
          // The address changes only once the link mailed to it is opened; say so, with it.
          setPendingEmail({ email: answer.pendingEmail, message: answer.message });
          if (changes.name === undefined && changes.password === undefined) return;
        }
        showToast(accountMessages.updated, { tone: "success" });
      },
      onError: (error) => {
        if (asksForCurrentPassword(error)) {
          setPasswordAsked(true);
          setCurrentPassword("");
          form.report({
            message: serverMessage(error) ?? securityTexts.reauthRequired,
            fields: ["currentPassword"],
          });
          return;
        }
        const field = error instanceof ApiError ? error.field : undefined;
        form.report({
          message: serverMessage(error) ?? accountMessages.updateFailed,
          fields: field && field in EMPTY ? [field as keyof AccountChangeValues] : [],
        });
      },
    });
  }

  const pending = update.isPending;
  const emailHint = user
    ? `Currently ${user.email}${pendingEmail ? `. Waiting for you to confirm ${pendingEmail.email}.` : ""}`
    : undefined;
  return (
    <form className="account-settings" onSubmit={handleSubmit} noValidate>
      <p className="account-settings__intro">
        Fill in only what you want to change; blank fields stay as they are.
      </p>
      <NameField
        label="Username"
        hint={user ? `Currently ${user.name}` : undefined}
        value={values.name}
        onValueChange={(value) => change("name", value)}
        {...form.fieldProps("name")}
      />
      <EmailField
        hint={emailHint}
        value={values.email}
        onValueChange={(value) => change("email", value)}
        {...form.fieldProps("email")}
      />
      <PasswordField
        label="New password"
        isNew
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Leave blank to keep your password.`}
        value={values.password}
        onValueChange={(value) => change("password", value)}
        {...form.fieldProps("password")}
      />
      {passwordAsked && (
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          {...form.fieldProps("currentPassword")}
        />
      )}
      <FormProblemMessage form={form} />
      {pendingEmail && <FormMessage tone="info">{pendingEmail.message}</FormMessage>}
      <Button
        type="submit"
        className="account-settings__submit"
        aria-disabled={pending ? true : undefined}
      >
        {pending ? "Saving…" : "Save Changes"}
      </Button>
    </form>
  );
}
