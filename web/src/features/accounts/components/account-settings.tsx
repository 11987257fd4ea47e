import { useState, type FormEvent } from "react";
import { ApiError, serverMessage } from "../../../lib/api-client";
import { Button } from "../../../ui/button";
import { FormMessage, TextField } from "../../../ui/text-field";
import { useToast } from "../../../ui/toast";
import { collectAccountChanges, type AccountChangeValues } from "../account-validation";
import { useUpdateAccount } from "../hooks/account-mutations";
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
      <TextField
        label="Username"
        name="name"
        autoComplete="name"
        maxLength={100}
        hint={user ? `Currently ${user.name}` : undefined}
        value={values.name}
        onChange={(event) => change("name", event.target.value)}
        {...form.fieldProps("name")}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        hint={user ? `Currently ${user.email}` : undefined}
        value={values.email}
        onChange={(event) => change("email", event.target.value)}
        {...form.fieldProps("email")}
      />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters. Leave blank to keep your password."
        maxLength={200}
        value={values.password}
        onChange={(event) => change("password", event.target.value)}
        {...form.fieldProps("password")}
      />
      {form.problem && (
        <FormMessage id={form.errorId} tone="error">
          {form.problem.message}
        </FormMessage>
      )}
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
