import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { ContentStore } from "./storage/content-store";
import type { RateLimiter } from "./rate-limit";

/** How mails write dates: in the shop's time zone. */
export interface MailFormat {
  timeZone: string;
}

/** What every feature's routes and services are given: the app's parts, passed explicitly. */
export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  content: ContentStore;
  rateLimiter: RateLimiter;
  mail: {
    format: MailFormat;
    /** Asks the delivery worker to send what was just written to the outbox. */
    nudge(): void;
  };
}
