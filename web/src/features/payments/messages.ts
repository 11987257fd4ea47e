import { formatPounds } from "../../lib/money";

/** Whole pounds as the custom amount's hint writes them: "£10,000". */
const wholePounds = (pounds: number) => `£${pounds.toLocaleString("en-GB")}`;

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
  /** `upTo`: the spec's £10,000, or the shop's daily limit when that is lower */
  customAmountRule: (upTo: number) => `Whole pounds, from £1 to ${wholePounds(upTo)}.`,
  customAmountInvalid: (upTo: number) =>
    `Enter a whole number of pounds, from £1 to ${wholePounds(upTo)}.`,
} as const;
