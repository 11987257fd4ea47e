import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/**
 * Keeps the offline copies and the queue of reading changes in order while someone is signed in
 * (offline-upkeep.ts). Its code loads after start, so the first load does not carry it.
 */
export function useOfflineUpkeep(isLoggedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isLoggedIn) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    import("./offline-upkeep")
      .then(({ startOfflineUpkeep }) => {
        if (!stopped) stop = startOfflineUpkeep(queryClient);
      })
      // Offline reading is an extra: without its code the app reads online.
      .catch(() => undefined);
    return () => {
      stopped = true;
      stop?.();
    };
  }, [isLoggedIn, queryClient]);
}
