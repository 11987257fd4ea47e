import {
  DEFAULT_READER_PREFERENCES,
  readerPreferencesSchema,
  type ReaderPreferences,
} from "@folio/contract/reading";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { saveReaderPreferences } from "../api/reading-api";
import {
  navigatorPreferences,
  readLocalPreferences,
  shownTheme,
  writeLocalPreferences,
  type ShownTheme,
} from "../reader-theme";
import { readerPreferencesQuery, readingKeys } from "../reading-queries";

/** Settings change in bursts (A+ A+ A+); the server hears the last of them. */
export const PREFERENCES_SAVE_DELAY_MS = 800;

/**
 * Preferences from anywhere (the server, this device's copy, an older app's copy): each field
 * that is valid is kept, any other takes the default. An old copy of `{theme, fontSize: 110}`
 * keeps its theme.
 */
export function preferencesFrom(value: unknown): ReaderPreferences {
  const stored =
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const result: Record<string, unknown> = { ...DEFAULT_READER_PREFERENCES };
  for (const [field, schema] of Object.entries(readerPreferencesSchema.shape)) {
    const parsed = schema.safeParse(stored[field]);
    if (parsed.success) result[field] = parsed.data;
  }
  return result as ReaderPreferences;
}

const DARK_QUERY = "(prefers-color-scheme: dark)";

function subscribeToScheme(listener: () => void): () => void {
  const media = window.matchMedia?.(DARK_QUERY);
  media?.addEventListener("change", listener);
  return () => media?.removeEventListener("change", listener);
}

/** Whether the system asks for dark colours now. */
export function useSystemDark(): boolean {
  return useSyncExternalStore(
    subscribeToScheme,
    () => window.matchMedia?.(DARK_QUERY).matches ?? false,
    () => false,
  );
}

/**
 * The reader's settings: this device's last copy at once, then the server's (the same on every
 * device) unless the reader has already changed something here. Each change shows at once,
 * is kept on this device and reaches the server after a short pause. `look` is what the
 * navigator is told: a new object only when something it shows has changed.
 */
export function useReaderPreferences() {
  const queryClient = useQueryClient();
  const [preferences, setPreferences] = useState<ReaderPreferences>(() =>
    preferencesFrom(readLocalPreferences()),
  );
  const changedHere = useRef(false);
  const server = useQuery(readerPreferencesQuery());
  const { mutate: save } = useMutation({ mutationFn: saveReaderPreferences });
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<ReaderPreferences | null>(null);

  const latest = useRef(preferences);
  const serverPreferences = server.data;
  useEffect(() => {
    if (!serverPreferences || changedHere.current) return;
    const fromServer = preferencesFrom(serverPreferences);
    latest.current = fromServer;
    setPreferences(fromServer);
    writeLocalPreferences(fromServer);
  }, [serverPreferences]);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next) save(next);
  }, [save]);

  useEffect(() => flush, [flush]);

  const change = useCallback(
    (patch: Partial<ReaderPreferences>) => {
      changedHere.current = true;
      const next = preferencesFrom({ ...latest.current, ...patch });
      latest.current = next;
      setPreferences(next);
      writeLocalPreferences(next);
      queryClient.setQueryData(readingKeys.preferences(), next);
      pending.current = next;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, PREFERENCES_SAVE_DELAY_MS);
    },
    [flush, queryClient],
  );

  const systemDark = useSystemDark();
  const theme: ShownTheme = shownTheme(preferences.theme, systemDark);
  const look = useMemo(() => navigatorPreferences(preferences, theme), [preferences, theme]);
  return { preferences, theme, look, change };
}
