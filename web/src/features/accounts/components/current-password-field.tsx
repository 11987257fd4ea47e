import { PASSWORD_MAX_LENGTH } from "@folio/contract/constants";
import { useEffect, useId, useRef } from "react";
import { FormMessage, TextField } from "../../../ui/text-field";
import type { CurrentPasswordState } from "../reauth";

/**
 * The current password, shown only once the server has asked for it: focused as it appears
 * (and again after each refusal), with the server's sentence read out and tied to it.
 */
export function CurrentPasswordField({ state }: { state: CurrentPasswordState }) {
  const { request, password, setPassword } = state;
  const input = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const attempt = request?.attempt ?? 0;

  useEffect(() => {
    if (attempt > 0) input.current?.focus();
  }, [attempt]);

  if (!request) return null;
  return (
    <div className="current-password">
      <TextField
        ref={input}
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        errorId={messageId}
      />
      <FormMessage id={messageId} tone="error">
        {request.message}
      </FormMessage>
    </div>
  );
}
