import { MAX_TOP_UP_POUNDS, topUpLimitMessage } from "@folio/contract/constants";
import { poundsToPence } from "@folio/contract/money";
import type { TopUpLimits } from "@folio/contract/payments";

/** Spec §5: the custom input is a number with min 1 and step 1. */
export const CUSTOM_AMOUNT_MIN = 1;

/** What the custom field holds after typing: above the maximum becomes the maximum (spec §5). */
export function clampCustomAmount(raw: string): string {
  const value = Number(raw);
  return raw.trim() !== "" && Number.isFinite(value) && value > MAX_TOP_UP_POUNDS
    ? String(MAX_TOP_UP_POUNDS)
    : raw;
}

/** Whether the custom field holds something that is not an amount we can send. */
export function isInvalidCustomAmount(custom: string): boolean {
  if (custom.trim() === "") return false;
  const value = Number(custom);
  return !(Number.isInteger(value) && value >= CUSTOM_AMOUNT_MIN && value <= MAX_TOP_UP_POUNDS);
}

/** The amount to top up: the preset, else a valid custom amount, else null (nothing chosen). */
export function chosenAmount(preset: number | null, custom: string): number | null {
  if (preset !== null) return preset;
  if (custom.trim() === "" || isInvalidCustomAmount(custom)) return null;
  return Number(custom);
}

/**
 * What the server will take now (GET /api/payments/limits), as the form uses it. Without the
 * limits (not loaded yet, or failed) the form offers the spec's range and the server decides.
 */
export interface TopUpAllowance {
  /** whole pounds the hint's range goes up to: the spec's £10,000, or a lower daily limit */
  upTo: number;
  /** the most one top-up may be now, in pence */
  mostNowPence: number;
  /** the server's words for an amount over today's limit (null without the limits) */
  overLimit: string | null;
  /** those words again when today's room is less than the range, for the hint */
  leftToday: string | null;
}

export function allowanceOf(limits: TopUpLimits | undefined): TopUpAllowance {
  if (!limits) {
    const mostNowPence = poundsToPence(MAX_TOP_UP_POUNDS);
    return { upTo: MAX_TOP_UP_POUNDS, mostNowPence, overLimit: null, leftToday: null };
  }
  const upTo = Math.floor(Math.min(limits.maxAmount, limits.dailyLimit));
  const leftPence = poundsToPence(limits.leftToday);
  const overLimit = topUpLimitMessage(poundsToPence(limits.dailyLimit), leftPence);
  return {
    upTo,
    mostNowPence: Math.min(poundsToPence(limits.maxAmount), leftPence),
    overLimit,
    leftToday: leftPence < poundsToPence(upTo) ? overLimit : null,
  };
}

/** Whether `pounds` fits in what the server takes now. */
export const fitsAllowance = (pounds: number, allowance: TopUpAllowance): boolean =>
  poundsToPence(pounds) <= allowance.mostNowPence;
