import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@folio/contract/constants";
import { TextField } from "../../../ui/text-field";
import type { NewPasswordValues } from "../account-validation";

type Field = keyof NewPasswordValues;

interface NewPasswordFieldsProps {
  /** "Password" on registration, "New password" on reset */
  label: string;
  values: NewPasswordValues;
  onChange: (field: Field, value: string) => void;
  fieldProps: (field: Field) => {
    ref: (element: HTMLInputElement | null) => void;
    errorId: string | undefined;
  };
}

/** A new password and its confirmation: on registration and on password reset. */
export function NewPasswordFields({ label, values, onChange, fieldProps }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        maxLength={PASSWORD_MAX_LENGTH}
        value={values.password}
        onChange={(event) => onChange("password", event.target.value)}
        {...fieldProps("password")}
      />
      <TextField
        label={`Confirm ${label.toLowerCase()}`}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={values.confirmPassword}
        onChange={(event) => onChange("confirmPassword", event.target.value)}
        {...fieldProps("confirmPassword")}
      />
    </>
  );
}
