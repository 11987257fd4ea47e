import type { HoldStatus } from "@folio/contract/holds";
import { BORROW_LIMIT } from "@folio/contract/constants";

/**
 * How long a ready hold keeps its copy: the contract's HOLD_READY_HOURS, which lives beside zod
 * schemas that must stay out of the browser bundle (messages.test.ts keeps the two equal).
 */
export const KEPT_HOURS = 48;

// The header's words for ready holds live in a module of their own: the header is in every first
// load, and a module goes into a chunk whole, so importing them from here would bring every text
// below along.
export { holdsReadyMessages } from "./ready-holds-messages";

/** The holds feature's user-facing texts (design.md §7.2). */
export const holdMessages = {
  // The book page.
  placeHeading: "Join the queue",
  yourHoldHeading: "Your hold",
  placeHold: "Place hold",
  placing: "Placing hold…",
  loginFirst: "Please login first",
  queueLength: (waiting: number) =>
    waiting === 0
      ? "No one is waiting yet"
      : `${waiting} ${waiting === 1 ? "reader" : "readers"} waiting`,
  estimate: (wait: string) => `Estimated wait: ${wait}`,
  autoBorrowLabel: "Borrow it for me when it's my turn",
  autoBorrowHint: (price: string) =>
    `When your turn comes, we borrow the book for you and charge ${price} from your balance, if it covers the price and you have fewer than ${BORROW_LIMIT} books on loan. Otherwise we keep a copy for you for ${KEPT_HOURS} hours.`,
  placed: (position: number | null) =>
    position === null ? "Hold placed." : `Hold placed. You are number ${position} in the queue.`,
  placeFailed: "Placing the hold failed, please try again later",
  placeRefusedTitle: "Unable to place hold",
  close: "Close",
  position: (position: number) => `You are number ${position} in the queue.`,
  autoBorrowOn: "We will borrow it for you when it's your turn.",
  autoBorrowOff: `When it's your turn, we keep a copy for you for ${KEPT_HOURS} hours.`,
  autoBorrowSet: (title: string, autoBorrow: boolean) =>
    autoBorrow
      ? `We will borrow “${title}” for you when it's your turn.`
      : `When it's your turn for “${title}”, we keep a copy for you for ${KEPT_HOURS} hours.`,
  updateRefusedTitle: "Unable to change the hold",
  updateFailed: "Changing the hold failed, please try again later",
  ready: "Your hold is ready.",
  keptCopies: (count: number) => `${count} kept for you`,
  keptUntil: (when: string) => `Kept for you until ${when}. Borrow it before then.`,
  borrowed: (title: string) => `“${title}” is yours: enjoy reading.`,

  // Cancelling, wherever it starts.
  cancelHold: "Cancel hold",
  cancelTitle: "Cancel hold",
  keepHold: "Keep hold",
  cancelling: "Cancelling…",
  cancelQuestion: (title: string) =>
    `Cancel your hold on “${title}”? You leave the queue, and a new hold would join at its end.`,
  cancelReadyQuestion: (title: string) =>
    `Cancel your hold on “${title}”? The copy kept for you passes to the next reader.`,
  cancelled: (title: string) => `Your hold on “${title}” is cancelled.`,
  cancelFailed: "Cancelling the hold failed, please try again later",

  // My Books › Holds.
  tab: "Holds",
  loading: "Loading your holds",
  loadFailed: "Failed to get your holds, please try again later",
  none: "You have no holds. When every copy of a book is on loan, you can place a hold on its page and join the queue.",
  browse: "Browse books",
  openSummary: (count: number) => `You have ${count} open ${count === 1 ? "hold" : "holds"}.`,
  noOpenHolds: "You have no open holds.",
  closedHeading: "Past holds",
  readyUntil: (when: string) => `Ready until ${when}`,
  placedOn: "Placed on",
  positionFact: "Place in queue",
  estimateFact: "Estimated wait",
  autoBorrowFact: "Borrow for me when it's my turn",
  yes: "Yes",
  no: "No",
  cancelFor: (title: string) => `Cancel hold on ${title}`,
  status: {
    waiting: "Waiting",
    ready: "Ready",
    borrowed: "Borrowed",
    cancelled: "Cancelled",
    expired: "Expired",
  } satisfies Record<HoldStatus, string>,

  // The cart, after a borrow found no copy left.
  noCopyHeading: "No copy left",
  noCopyIntro: (count: number) =>
    count === 1
      ? "Every copy of this book is on loan. Place a hold to join the queue:"
      : "Every copy of these books is on loan. Place a hold to join the queue:",
  placeHoldOn: (title: string) => `Place hold on ${title}`,
  placeAll: "Place holds on all",
  autoBorrowAllLabel: "Borrow them for me when it's my turn",
  autoBorrowAllHint: `When your turn comes, we borrow each book for you and charge its price from your balance, if it covers the price and you have fewer than ${BORROW_LIMIT} books on loan.`,
  holdPlacedShort: (position: number | null) =>
    position === null ? "Hold placed" : `Hold placed: number ${position} in the queue`,
  placedCount: (placed: number, refused: number) =>
    refused === 0
      ? `${placed} ${placed === 1 ? "hold" : "holds"} placed.`
      : `${placed} ${placed === 1 ? "hold" : "holds"} placed, ${refused} refused.`,

  unknownBook: "Unknown Book",
  unknownAuthor: "Unknown Author",
} as const;
