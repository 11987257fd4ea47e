/**
 * The reader's balance as the renewal modal needs it. The balance belongs to the accounts
 * feature, so the page that composes My Books (in app/) supplies it.
 */
export interface ReaderBalance {
  /** Pounds; undefined until it has loaded. */
  amount: number | undefined;
  /** The last attempt to load it failed. */
  failed: boolean;
  /** A load is running. */
  checking: boolean;
  /** Asks the server again: the renewal modal opens on a current balance. */
  refresh: () => void;
  /** A renewal charged the balance; every screen that shows it must follow. */
  charged: (newBalance: number) => void;
}
