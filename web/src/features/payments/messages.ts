import { formatPounds } from "../../lib/money";

/** The payments feature's user-facing texts; spec §8's are word for word. */
export const paymentMessages = {
  toppedUp: (amount: number) =>
    `Top up successful! ${formatPounds(amount)} has been added to your account`,
  topUpFailed: "Top up failed, please try again later",
  historyFailed: "Failed to get payment records, please try again later",
  // Not in the spec: texts for moments it leaves open.
  noRecords: "You have no payment records yet.",
  pageGone: "There are no payment records on this page.",
  unknownBook: "Unknown Book",
  customAmountRule: "Whole pounds, from £1 to £10,000.",
  customAmountInvalid: "Enter a whole number of pounds, from £1 to £10,000.",
} as const;
