import { useEffect, useState } from "react";
import type { OfflineBook, OfflineBooks } from "./offline-books";

/**
 * The kept copy of a book: undefined while it is being looked up, null when there is none.
 * Follows downloads and removals made anywhere in the page.
 */
export function useOfflineCopy(
  bookId: string,
  store: OfflineBooks | null,
): OfflineBook | null | undefined {
  const [found, setFound] = useState<{ bookId: string; copy: OfflineBook | null } | null>(null);

  useEffect(() => {
    if (!store) return;
    let current = true;
    const look = () => {
      store.copy(bookId).then(
        (copy) => {
          if (current) setFound({ bookId, copy });
        },
        // A store that cannot be read has nothing to offer: the reader reads online.
        () => {
          if (current) setFound({ bookId, copy: null });
        },
      );
    };
    look();
    const unsubscribe = store.subscribe(look);
    return () => {
      current = false;
      unsubscribe();
    };
  }, [bookId, store]);

  if (!store) return null;
  return found?.bookId === bookId ? found.copy : undefined;
}
