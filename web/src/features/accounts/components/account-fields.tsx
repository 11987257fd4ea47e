import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@folio/contract/constants";
import { FormMessage, TextField, type TextFieldProps } from "../../../ui/text-field";
import type { FormProblem, NewPasswordValues } from "../account-validation";

/** The server's limit on a name (contract accounts.ts). */
const NAME_MAX_LENGTH = 100;

/** What useFormProblem's fieldProps gives a field: its ref, and the error link while it is wrong. */
type ProblemLink = Pick<TextFieldProps, "ref" | "errorId">;

interface AccountFieldProps extends ProblemLink {
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
}

type AccountTextFieldProps = Omit<TextFieldProps, "value" | "onChange"> & AccountFieldProps;

function AccountTextField({ onValueChange, ...props }: AccountTextFieldProps) {
  return <TextField {...props} onChange={(event) => onValueChange(event.target.value)} />;
}

/** The person's name: "Full name" on registration, "Username" in Settings. */
export function NameField({
  label = "Full name",
  ...props
}: AccountFieldProps & { label?: string }) {
  return (
    <AccountTextField
      label={label}
      name="name"
      autoComplete="name"
      maxLength={NAME_MAX_LENGTH}
      {...props}
    />
  );
}

export function EmailField(props: AccountFieldProps) {
  return (
    <AccountTextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      maxLength={EMAIL_MAX_LENGTH}
      {...props}
    />
  );
}

interface PasswordFieldProps extends AccountFieldProps {
  label: string;
  /** A password being chosen (registration, reset, Settings) rather than typed to log in. */
  isNew?: boolean;
  name?: "password" | "confirmPassword";
}

export function PasswordField({
  label,
  isNew = false,
  name = "password",
  ...props
}: PasswordFieldProps) {
  return (
    <AccountTextField
      label={label}
      name={name}
      type="password"
      autoComplete={isNew ? "new-password" : "current-password"}
      maxLength={PASSWORD_MAX_LENGTH}
      {...props}
    />
  );
}

type NewPasswordField = keyof NewPasswordValues;

interface NewPasswordFieldsProps {
  /** "Password" on registration, "New password" on reset */
  label: string;
  values: NewPasswordValues;
  onChange: (field: NewPasswordField, value: string) => void;
  fieldProps: (field: NewPasswordField) => ProblemLink;
}

/** A new password and its confirmation: on registration and on password reset. */
export function NewPasswordFields({ label, values, onChange, fieldProps }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={label}
        isNew
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={values.password}
        onValueChange={(value) => onChange("password", value)}
        {...fieldProps("password")}
      />
      <PasswordField
        label={`Confirm ${label.toLowerCase()}`}
        name="confirmPassword"
        isNew
        value={values.confirmPassword}
        onValueChange={(value) => onChange("confirmPassword", value)}
        {...fieldProps("confirmPassword")}
      />
    </>
  );
}

/** The form's one problem, which the fields it is about point to. */
export function FormProblemMessage({
  form,
}: {
  form: { problem: FormProblem<string> | null; errorId: string };
}) {
  if (!form.problem) return null;
  return (
    <FormMessage id={form.errorId} tone="error">
      {form.problem.message}
    </FormMessage>
  );
}
