import { useSyncExternalStore } from "react";

/**
 * The colour theme the reader chose for this device. Without a choice the page follows the
 * system through CSS alone (global.css's light-dark() tokens and `color-scheme: light dark`),
 * so nothing here needs to watch the system; a choice pins one theme with data-theme on <html>.
 * A device preference, not the person's data: it has its own key, which a logout leaves alone
 * (app/user-data.ts removes only the person's keys).
 */
export const THEME_CHOICES = ["light", "dark", "system"] as const;

export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE_KEY = "theme";

/** Fired on same-tab changes; the native `storage` event only reaches other tabs. */
const THEME_CHANGE_EVENT = "folio:theme";

function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}

/** The stored choice; "system" when there is none, it is unknown or storage is blocked. */
export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

/** Pins the theme on <html>, or hands it back to the system. */
export function applyThemeChoice(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === "system") delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/** Remembers the choice on this device and shows it at once, here and in the other tabs. */
export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Blocked storage: the choice still holds until the page is reloaded.
  }
  applyThemeChoice(choice);
  window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
}

/** Calls `listener` after the choice changes in this tab or another. */
export function subscribeToThemeChoice(listener: () => void): () => void {
  function handleStorage(event: StorageEvent) {
    // A null key means another tab cleared the whole storage.
    if (event.key === THEME_STORAGE_KEY || event.key === null) listener();
  }
  window.addEventListener(THEME_CHANGE_EVENT, listener);
  window.addEventListener("storage", handleStorage);
  return () => {
    window.removeEventListener(THEME_CHANGE_EVENT, listener);
    window.removeEventListener("storage", handleStorage);
  };
}

/**
 * Applies the stored choice before React draws anything (main.tsx calls it first) and keeps
 * a choice made in another tab applied here.
 */
export function startTheme(): () => void {
  applyThemeChoice(readThemeChoice());
  return subscribeToThemeChoice(() => applyThemeChoice(readThemeChoice()));
}

/** The current choice, for the switch. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribeToThemeChoice, readThemeChoice, () => "system");
}
