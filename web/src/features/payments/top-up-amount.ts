import { MAX_TOP_UP_POUNDS } from "@folio/contract/constants";

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
