import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { readToken } from "../../../lib/storage";
import { userInfoQuery } from "./user-info-query";

/**
 * Spec §4: on start a stored token leads to a user-info fetch; if that fails or returns
 * nothing, `onFailure` logs the person out. The answer also fills the cache the profile reads.
 */
export function useSessionCheck(onFailure: (error: unknown) => void): void {
  const queryClient = useQueryClient();
  const onFailureRef = useRef(onFailure);
  useEffect(() => {
    onFailureRef.current = onFailure;
  });

  useEffect(() => {
    if (!readToken()) return;
    let current = true;
    queryClient.fetchQuery(userInfoQuery()).catch((error: unknown) => {
      // Only the last run reports (StrictMode runs effects twice; both share one request).
      if (current) onFailureRef.current(error);
    });
    return () => {
      current = false;
    };
  }, [queryClient]);
}
