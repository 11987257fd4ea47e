import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database, Transaction } from "./db/client";
import type { ContentStore } from "./storage/content-store";
import type { RateLimiter } from "./rate-limit";

/** How mails write dates: in the shop's time zone. */
export interface MailFormat {
  timeZone: string;
}

/**
 * What one feature announces and others may react to, inside the transaction that made the
 * change (decision 016). The announcing feature knows nothing of who listens.
 */
export interface DomainEvents {
  /**
   * A loan ended: returned by its reader, returned automatically, ended by staff, or its account
   * deleted.
   */
  loanClosed: {
    loanId: number;
    bookId: number;
    userId: string;
    at: Date;
    how: "returned" | "auto-returned" | "ended-by-staff" | "account-deleted";
  };
  /** An account is being deleted: its rows still exist until every handler has run. */
  accountDeleted: { userId: string; at: Date };
}

export type EventName = keyof DomainEvents;

/** A reaction to an event: runs in the announcer's transaction; throwing rolls it all back. */
export type EventHandler<E extends EventName> = (
  ctx: AppContext,
  tx: Transaction,
  event: DomainEvents[E],
) => Promise<void>;

/** The handlers of each event, in the order they run; fixed when the app is built. */
export type EventHandlers = { readonly [E in EventName]: readonly EventHandler<E>[] };

/** What every feature's routes and services are given: the app's parts, passed explicitly. */
export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  content: ContentStore;
  rateLimiter: RateLimiter;
  /** Who reacts to what (events.ts announces); app.ts registers them, tests may add their own. */
  events: EventHandlers;
  mail: {
    format: MailFormat;
    /** Asks the delivery worker to send what was just written to the outbox. */
    nudge(): void;
  };
}
