import { eq } from "drizzle-orm";
import { perDatabase } from "../../db/batch";
import type { Database } from "../../db/client";
import type { ResponseCache } from "../../http/response-cache";
import { catalogueVersion } from "../../db/schema";

/**
 * How often each process asks whether the catalogue changed: one tiny read, so a staff change
 * shows on every process within a second (decision 020).
 */
export const CATALOGUE_POLL_MS = 250;

const versionRead = perDatabase((db) =>
  db
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1))
    .prepare("catalogue_version_now"),
);

/** The watches of each database handle in this process, so a change made here reaches them. */
const watchesOf = perDatabase(() => new Set<CatalogueWatch>());

/**
 * Watches `catalogue_version` and runs its `onChange` reactions (dropping cached catalogue
 * answers) whenever the version has moved since it last looked: every CATALOGUE_POLL_MS, and
 * at once when this process made the change (`catalogueChanged`).
 */
export class CatalogueWatch {
  private seen: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** the poll under way, if any: the next waits for it rather than pile up behind a slow one */
  private polling: Promise<void> | null = null;
  private readonly reactions: (() => void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly everyMs = CATALOGUE_POLL_MS,
  ) {}

  onChange(reaction: () => void): void {
    this.reactions.push(reaction);
  }

  /** Reads the version now, then polls; the timer never keeps the process alive. */
  async start(): Promise<void> {
    watchesOf(this.db).add(this);
    await this.check().catch(this.onError);
    this.timer = setInterval(() => {
      if (this.polling) return;
      this.polling = this.check()
        .catch(this.onError)
        .finally(() => {
          this.polling = null;
        });
    }, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    watchesOf(this.db).delete(this);
    await this.polling;
  }

  /**
   * Reads the version and reacts when it is newer than the last seen (the first read reacts
   * too: whatever was kept before it is of no known version). Versions only grow, so a slow read
   * that answers an older one after a newer read changes nothing.
   */
  async check(): Promise<void> {
    const [row] = await versionRead(this.db).execute();
    const version = row?.version ?? 0;
    if (this.seen !== null && version <= this.seen) return;
    this.seen = version;
    for (const reaction of this.reactions) reaction();
  }
}

/**
 * Tells this process's watches that the catalogue has changed (after the change committed), so
 * its own caches drop at once rather than at the next poll.
 */
export async function catalogueChanged(db: Database): Promise<void> {
  await Promise.all([...watchesOf(db)].map((watch) => watch.check()));
}

/** Caches of answers made from the catalogue that other features keep (circulation's). */
export const keptCataloguesOf = perDatabase(() => new Set<ResponseCache<string>>());

/**
 * Drops `cache` with the catalogue's own caches whenever the catalogue changes (decision 020):
 * for a feature that answers a catalogue read with its own data added (related books, with
 * what readers also borrowed). Answers the call that stops it.
 */
export function dropWithCatalogue(db: Database, cache: ResponseCache<string>): () => void {
  keptCataloguesOf(db).add(cache);
  return () => keptCataloguesOf(db).delete(cache);
}
