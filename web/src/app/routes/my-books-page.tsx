import type { WireId } from "@folio/contract/common";
import { useQueryClient } from "@tanstack/react-query";
import type { UserInfo } from "@folio/contract/accounts";
import { useCallback, useMemo } from "react";
import { accountKeys, useUserInfo } from "../../features/accounts/hooks/user-info-query";
import { rememberBalance } from "../../features/accounts/stored-account";
import { catalogueKeys } from "../../features/catalogue/hooks/catalogue-queries";
import { MyBooks } from "../../features/loans/components/my-books";
import type { ReaderBalance } from "../../features/loans/reader-balance";
import { useDocumentTitle } from "../../lib/document-title";

/** The accounts feature's balance, in the shape the loans feature asks for. */
function useReaderBalance(): ReaderBalance {
  const queryClient = useQueryClient();
  const { data, isError, isFetching, refetch } = useUserInfo();
  const refresh = useCallback(() => void refetch(), [refetch]);
  const charged = useCallback(
    (balance: number) => {
      // Show the charged balance at once, then confirm it with the server; the header, the
      // profile and the next renewal all read this query.
      queryClient.setQueryData<UserInfo>(accountKeys.me(), (current) =>
        current ? { ...current, balance } : current,
      );
      rememberBalance(balance);
      void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
    },
    [queryClient],
  );
  return useMemo(
    () => ({ amount: data?.balance, failed: isError, checking: isFetching, refresh, charged }),
    [data?.balance, isError, isFetching, refresh, charged],
  );
}

/** /user/books: the loans feature's My Books, paid from the accounts feature's balance. */
export function MyBooksPage() {
  useDocumentTitle("My Books");
  const balance = useReaderBalance();
  const queryClient = useQueryClient();
  // A returned copy is free again; the book page must not show the old count.
  const onBookReturned = useCallback(
    (bookId: WireId) =>
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.book(bookId) }),
    [queryClient],
  );
  return (
    <div className="page">
      <header className="page__header">
        <h1>My Books</h1>
      </header>
      <MyBooks balance={balance} onBookReturned={onBookReturned} />
    </div>
  );
}
