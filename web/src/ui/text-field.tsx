import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import "./form.css";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** A line under the label, read out with the field. */
  hint?: string;
  /** The id of the message saying what is wrong here; set, the field is marked invalid. */
  errorId?: string;
  /** What is wrong here, shown under the field (in place of a message elsewhere: errorId). */
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are tied to it for assistive technology. */
export function TextField({
  label,
  hint,
  errorId,
  error,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const ownErrorId = error ? `${id}-error` : undefined;
  const invalidBy = errorId ?? ownErrorId;
  const describedBy = [hint ? hintId : null, invalidBy ?? null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <input
        ref={ref}
        id={id}
        className={["field__input", className].filter(Boolean).join(" ")}
        aria-invalid={invalidBy ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {ownErrorId && (
        <p id={ownErrorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

interface FormMessageProps {
  id?: string;
  tone: "error" | "success" | "info";
  children: ReactNode;
}

/** A form's outcome: errors are alerts (announced at once), the rest polite status messages. */
export function FormMessage({ id, tone, children }: FormMessageProps) {
  return (
    <p
      id={id}
      className={`form-message form-message--${tone}`}
      role={tone === "error" ? "alert" : "status"}
    >
      {children}
    </p>
  );
}
