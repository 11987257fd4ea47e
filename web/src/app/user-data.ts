import { storedBalance, storedEmail, storedUserName } from "../features/accounts/stored-account";
import { storedBorrowedBooks } from "../features/cart/borrowed-books";
import { storedCartItems } from "../features/cart/cart-store";
import { forgetReadingPositions } from "../features/reading/reading-position";
import { storedToken, storedUuid } from "../lib/storage";

/**
 * Removes everything this browser keeps for the signed-in person (spec §4: logout, account
 * deletion), each item owned by its feature. The per-book cache holds only public catalogue
 * data, so it stays.
 */
export function forgetUserData(): void {
  const items = [
    storedToken,
    storedUuid,
    storedUserName,
    storedEmail,
    storedBalance,
    storedCartItems,
    storedBorrowedBooks,
  ];
  for (const item of items) item.remove();
  forgetReadingPositions();
  // Downloaded books and reading changes still waiting for the network are the person's too.
  void import("../features/reading/offline")
    .then((offline) => offline.forgetOfflineData())
    .catch(() => undefined);
}
