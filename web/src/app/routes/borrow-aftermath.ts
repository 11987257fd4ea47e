import { useQueryClient } from "@tanstack/react-query";
import type { UserInfo } from "@folio/contract/accounts";
import type { BorrowResult } from "@folio/contract/loans";
import { useCallback } from "react";
import { accountKeys } from "../../features/accounts/hooks/user-info-query";
import { rememberBalance } from "../../features/accounts/stored-account";
import { catalogueKeys } from "../../features/catalogue/hooks/catalogue-queries";
import { holdKeys } from "../../features/holds/hooks/hold-queries";
import { loanKeys } from "../../features/loans/hooks/loan-queries";
import { refreshWishlist } from "../../features/wishlist/wishlist-store";

/**
 * What a loan changes outside the cart (design §4): the balance, the book's free copies, the
 * reader's loans, the wishlist, which the server takes lent books off, and the reader's holds (a
 * ready hold's book lent closes it). Features cannot reach each other, so the book page, the
 * cart and My Books' holds hand their borrow answers to this.
 */
export function useAfterBorrow(): (result: BorrowResult) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (result: BorrowResult) => {
      queryClient.setQueryData<UserInfo>(accountKeys.me(), (user) =>
        user ? { ...user, balance: result.balance } : user,
      );
      rememberBalance(result.balance);
      for (const loan of result.loans) {
        void queryClient.invalidateQueries({ queryKey: catalogueKeys.book(loan.bookId) });
      }
      void queryClient.invalidateQueries({ queryKey: loanKeys.all });
      void queryClient.invalidateQueries({ queryKey: holdKeys.all });
      void refreshWishlist(queryClient);
    },
    [queryClient],
  );
}
