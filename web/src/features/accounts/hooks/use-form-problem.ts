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

  const report = useCallback((next: FormProblem<Field>) => {
    setProblem(next);
    const first = next.fields[0];
    if (first) inputs.current[first]?.focus();
  }, []);

  const clear = useCallback(() => setProblem(null), []);

  /** Spread on a TextField: its ref, and the error link while the message concerns it. */
  const fieldProps = (field: Field) => ({
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    errorId: problem?.fields.includes(field) ? errorId : undefined,
  });

  return { problem, report, clear, errorId, fieldProps };
}
