import { PASSWORD_MIN_LENGTH } from "@folio/contract/constants";
import { useState, type FormEvent } from "react";
import { ApiError, serverMessage } from "../../../lib/api-client";
import { Button } from "../../../ui/button";
import { useToast } from "../../../ui/toast";
import { collectAccountChanges, type AccountChangeValues } from "../account-validation";
import { useUpdateAccount } from "../hooks/account-mutations";
import { EmailField, FormProblemMessage, NameField, PasswordField } from "./account-fields";
import { useFormProblem } from "../hooks/use-form-problem";
import { useUserInfo } from "../hooks/user-info-query";
import { accountMessages } from "../messages";
import "./account-views.css";

const EMPTY: AccountChangeValues = { name: "", email: "", password: "" };

/** Profile › Settings (spec §2, §5): change only the fields filled in. */
export function AccountSettings() {
  const { data: user } = useUserInfo();
  const update = useUpdateAccount();
  const { showToast } = useToast();
  const form = useFormProblem<keyof AccountChangeValues>();
  const [values, setValues] = useState<AccountChangeValues>(EMPTY);

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
    form.clear();
    update.mutate(changes, {
      onSuccess: () => {
        setValues(EMPTY);
        showToast(accountMessages.updated, { tone: "success" });
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        form.report({
          message: serverMessage(error) ?? accountMessages.updateFailed,
          fields: field && field in EMPTY ? [field as keyof AccountChangeValues] : [],
        });
      },
    });
  }

  const pending = update.isPending;
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
        hint={user ? `Currently ${user.email}` : undefined}
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
      <FormProblemMessage form={form} />
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
