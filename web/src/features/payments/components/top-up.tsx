import { TOP_UP_PRESETS_POUNDS } from "@folio/contract/constants";
import type { TopUpResponse } from "@folio/contract/payments";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { formatPounds } from "../../../lib/money";
import { profileViewPath } from "../../../lib/profile-views";
import { useIdempotencyKeys } from "../../../lib/use-idempotency-keys";
import { Button } from "../../../ui/button";
import { FormMessage, TextField } from "../../../ui/text-field";
import { useToast } from "../../../ui/toast";
import { useTopUp, useTopUpLimits } from "../hooks/payment-queries";
import { paymentMessages } from "../messages";
import {
  allowanceOf,
  chosenAmount,
  clampCustomAmount,
  CUSTOM_AMOUNT_MIN,
  fitsAllowance,
  isInvalidCustomAmount,
} from "../top-up-amount";
import "./payments.css";

interface TopUpProps {
  /** The current balance in pounds, when known. */
  balance?: number;
  /** The money arrived: the app updates the balance everywhere it is shown. */
  onToppedUp: (result: TopUpResponse) => void;
}

/**
 * Profile › Top Up (spec §2, §5): a preset or a custom amount, then Confirm Top Up. It offers
 * what the server will take now (its limits): presets above it are disabled, and a custom amount
 * above it is refused here, in the server's words, before anything is sent.
 */
export function TopUp({ balance, onToppedUp }: TopUpProps) {
  const [preset, setPreset] = useState<number | null>(null);
  const [custom, setCustom] = useState("");
  const topUp = useTopUp(onToppedUp);
  const keys = useIdempotencyKeys();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const presetsLabelId = useId();
  const customErrorId = useId();
  const allowance = allowanceOf(useTopUpLimits().data);
  const candidate = chosenAmount(preset, custom);
  const amount = candidate !== null && fitsAllowance(candidate, allowance) ? candidate : null;
  const customInvalid = preset === null && isInvalidCustomAmount(custom);
  const customOver = preset === null && candidate !== null && amount === null;
  const customError = customInvalid
    ? paymentMessages.customAmountInvalid(allowance.upTo)
    : customOver
      ? allowance.overLimit
      : null;
  const pending = topUp.isPending;

  function choosePreset(value: number) {
    if (pending) return;
    setPreset((current) => (current === value ? null : value));
    setCustom("");
  }

  function changeCustom(raw: string) {
    if (pending) return;
    setCustom(clampCustomAmount(raw));
    setPreset(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (amount === null || pending) return;
    const idempotencyKey = keys.keyFor(String(amount));
    topUp.mutate(
      { amount, idempotencyKey },
      {
        onSuccess: (result) => {
          keys.settle();
          showToast(paymentMessages.toppedUp(result.amount), { tone: "success" });
          setPreset(null);
          setCustom("");
          // Spec §4: after a top-up, Payment Records opens.
          void navigate(profileViewPath("PaymentRecords"));
        },
        onError: (error) => keys.settle(error),
      },
    );
  }

  return (
    <form className="top-up" onSubmit={handleSubmit} noValidate>
      {balance !== undefined && (
        <p className="top-up__balance">
          Current balance: <strong>{formatPounds(balance)}</strong>
        </p>
      )}
      <div className="top-up__presets" role="group" aria-labelledby={presetsLabelId}>
        <p id={presetsLabelId} className="top-up__label">
          Choose an amount
        </p>
        <div className="top-up__preset-list">
          {TOP_UP_PRESETS_POUNDS.map((value) => (
            <button
              key={value}
              type="button"
              className="top-up__preset"
              aria-pressed={preset === value}
              disabled={!fitsAllowance(value, allowance)}
              onClick={() => choosePreset(value)}
            >
              {formatPounds(value)}
            </button>
          ))}
        </div>
      </div>
      <TextField
        label="Or enter a custom amount (£)"
        hint={[paymentMessages.customAmountRule(allowance.upTo), allowance.leftToday]
          .filter(Boolean)
          .join(" ")}
        name="amount"
        type="number"
        inputMode="numeric"
        min={CUSTOM_AMOUNT_MIN}
        max={Math.max(CUSTOM_AMOUNT_MIN, Math.floor(allowance.mostNowPence / 100))}
        step={1}
        value={custom}
        onChange={(event) => changeCustom(event.target.value)}
        errorId={customError ? customErrorId : undefined}
      />
      {customError && (
        <FormMessage id={customErrorId} tone="error">
          {customError}
        </FormMessage>
      )}
      <p className="top-up__summary" aria-live="polite">
        {amount === null ? "Choose an amount to top up." : `You will add ${formatPounds(amount)}.`}
      </p>
      <Button
        type="submit"
        className="top-up__submit"
        disabled={amount === null}
        aria-disabled={pending ? true : undefined}
      >
        {pending ? "Processing…" : "Confirm Top Up"}
      </Button>
    </form>
  );
}
