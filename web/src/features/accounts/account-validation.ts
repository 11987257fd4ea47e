import { isEmailAddress, PASSWORD_MIN_LENGTH } from "@folio/contract/constants";
import { accountMessages } from "./messages";

/** What is wrong with a form: one message, and the fields it is about. */
export interface FormProblem<Field extends string> {
  message: string;
  fields: Field[];
}

const isBlank = (value: string) => value.trim() === "";

function blankFields<Field extends string>(values: Record<Field, string>): Field[] {
  return (Object.keys(values) as Field[]).filter((field) => isBlank(values[field]));
}

export interface RegistrationValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Spec §5, in the order a person fixes them: all filled, email, length, confirmation. */
export function checkRegistration(
  values: RegistrationValues,
): FormProblem<keyof RegistrationValues> | null {
  const blank = blankFields(values);
  if (blank.length > 0) return { message: accountMessages.fillAllFields, fields: blank };
  if (!isEmailAddress(values.email.trim())) {
    return { message: accountMessages.invalidEmail, fields: ["email"] };
  }
  return checkNewPassword(values);
}

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export function checkNewPassword(
  values: NewPasswordValues,
): FormProblem<keyof NewPasswordValues> | null {
  const blank = blankFields({ password: values.password, confirmPassword: values.confirmPassword });
  if (blank.length > 0) return { message: accountMessages.fillAllFields, fields: blank };
  if (values.password.length < PASSWORD_MIN_LENGTH) {
    return { message: accountMessages.passwordTooShort, fields: ["password"] };
  }
  if (values.password !== values.confirmPassword) {
    return { message: accountMessages.passwordsDoNotMatch, fields: ["confirmPassword"] };
  }
  return null;
}

export interface LoginValues {
  email: string;
  password: string;
}

export function checkLogin(values: LoginValues): FormProblem<keyof LoginValues> | null {
  const blank = blankFields({ email: values.email, password: values.password });
  return blank.length > 0 ? { message: accountMessages.fillAllFields, fields: blank } : null;
}

export function checkEmail(email: string): FormProblem<"email"> | null {
  if (isBlank(email)) return { message: accountMessages.fillAllFields, fields: ["email"] };
  if (!isEmailAddress(email.trim())) {
    return { message: accountMessages.invalidEmail, fields: ["email"] };
  }
  return null;
}

export interface AccountChangeValues {
  name: string;
  email: string;
  password: string;
}

export type AccountChanges = Partial<AccountChangeValues>;

/**
 * Spec §5 Settings: at least one field filled; only the filled ones are sent, so a blank field
 * (password included) stays as it is.
 */
export function collectAccountChanges(
  values: AccountChangeValues,
):
  | { changes: AccountChanges; problem: null }
  | { changes: null; problem: FormProblem<keyof AccountChangeValues> } {
  const changes: AccountChanges = {};
  if (!isBlank(values.name)) changes.name = values.name.trim();
  if (!isBlank(values.email)) changes.email = values.email.trim();
  if (!isBlank(values.password)) changes.password = values.password;
  if (Object.keys(changes).length === 0) {
    return {
      changes: null,
      problem: { message: accountMessages.fillOneField, fields: ["name", "email", "password"] },
    };
  }
  if (changes.email !== undefined && !isEmailAddress(changes.email)) {
    return { changes: null, problem: { message: accountMessages.invalidEmail, fields: ["email"] } };
  }
  if (changes.password !== undefined && changes.password.length < PASSWORD_MIN_LENGTH) {
    return {
      changes: null,
      problem: { message: accountMessages.passwordTooShort, fields: ["password"] },
    };
  }
  return { changes, problem: null };
}
