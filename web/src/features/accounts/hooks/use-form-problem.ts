import { useCallback, useId, useRef, useState } from "react";
import type { FormProblem } from "../account-validation";

/**
 * One message per form, tied to the fields it is about (aria-invalid + aria-describedby), with
 * focus moved to the first of them so keyboard and screen-reader users land where to fix it.
 */
export function useFormProblem<Field extends string>() {
  const [problem, setProblem] = useState<FormProblem<Field> | null>(null);
  const errorId = useId();
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  // A field the message is about that is not on screen yet (the current password, which shows
  // only once the server asks for it): it takes focus as it appears.
  const focusOnArrival = useRef<Field | null>(null);

  const report = useCallback((next: FormProblem<Field>) => {
    setProblem(next);
    const first = next.fields[0];
    const input = first ? inputs.current[first] : undefined;
    focusOnArrival.current = first && !input ? first : null;
    input?.focus();
  }, []);

  const clear = useCallback(() => setProblem(null), []);

  /** Spread on a TextField: its ref, and the error link while the message concerns it. */
  const fieldProps = (field: Field) => ({
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
      if (element && focusOnArrival.current === field) {
        focusOnArrival.current = null;
        element.focus();
      }
    },
    errorId: problem?.fields.includes(field) ? errorId : undefined,
  });

  return { problem, report, clear, errorId, fieldProps };
}
