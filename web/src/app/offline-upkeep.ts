import type { QueryClient } from "@tanstack/react-query";
import { fetchOpenLoans } from "../features/loans/api/loans-api";
import * as offline from "../features/reading/offline";
import { readingKeys } from "../features/reading/reading-queries";

/**
 * Loads the open loans and deletes the copies they no longer cover (returned, expired) and
 * follows renewals; without a connection, the due dates alone decide. Asks nothing when no book
 * is kept on this device.
 */
async function pruneKeptBooks(): Promise<void> {
  if ((await offline.listDownloads()).length === 0) return;
  if (!navigator.onLine) return offline.pruneExpiredDownloads();
  try {
    const loans = await fetchOpenLoans();
    await offline.pruneDownloads(
      loans.data.map((loan) => ({ bookId: loan.bookId, dueAt: loan.dueDate })),
    );
  } catch {
    await offline.pruneExpiredDownloads();
  }
}

/**
 * For a signed-in reader, once per start: prunes the kept books and sends the reading changes
 * made offline (now and whenever the connection comes back); after they reach the server the
 * reader's annotations are read again, replacing their local ids. Answers the stop.
 */
export function startOfflineUpkeep(queryClient: QueryClient): () => void {
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [...readingKeys.all, "annotations"] });
    void queryClient.invalidateQueries({ queryKey: readingKeys.progressList() });
  };
  window.addEventListener(offline.OFFLINE_SYNCED_EVENT, refresh);
  const stopSync = offline.startOfflineSync();
  // Offline reading is an extra: if its storage fails, the app reads online.
  pruneKeptBooks().catch(() => undefined);
  return () => {
    stopSync();
    window.removeEventListener(offline.OFFLINE_SYNCED_EVENT, refresh);
  };
}
