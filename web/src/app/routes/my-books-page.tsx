import type { WireId } from "@folio/contract/common";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserInfo } from "@folio/contract/accounts";
import type { Hold } from "@folio/contract/holds";
import { useCallback, useMemo } from "react";
import { accountKeys, useUserInfo } from "../../features/accounts/hooks/user-info-query";
import { rememberBalance } from "../../features/accounts/stored-account";
import { BorrowButton } from "../../features/cart/components/borrow-button";
import { catalogueKeys } from "../../features/catalogue/hooks/catalogue-queries";
import { HoldsList } from "../../features/holds/components/holds-list";
import { useHoldBorrowRequest } from "../../features/holds/hooks/hold-mutations";
import { holdMessages } from "../../features/holds/messages";
import { MyBooks, type MyBooksTab } from "../../features/loans/components/my-books";
import type { LoanReading } from "../../features/loans/components/current-loans";
import type { ReaderBalance } from "../../features/loans/reader-balance";
import { ReadButton } from "../../features/reading/components/read-button";
import { useOpenReader } from "../../features/reading/hooks/use-open-reader";
import { progressListQuery } from "../../features/reading/reading-queries";
import { useDocumentTitle } from "../../lib/document-title";
import { useAfterBorrow } from "./borrow-aftermath";

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

/** The reading feature's progress and Read button, in the shape the loans feature asks for. */
function useLoanReading(): LoanReading {
  // Progress is extra: while it loads, or if it fails, loans show as not started.
  const progress = useQuery(progressListQuery());
  return useMemo(() => {
    const byBook = new Map(progress.data?.progress.map((p) => [p.bookId, p.percentage]));
    return {
      progressOf: (bookId) => byBook.get(bookId) ?? null,
      readButton: (loan) => (
        <ReadButton
          book={{ bookId: loan.bookId, title: loan.title }}
          loan="onLoan"
          size="sm"
          variant="primary"
        />
      ),
    };
  }, [progress.data]);
}

/**
 * The holds feature's list as a tab of My Books (/user/books?tab=holds, where the hold mails
 * link): a ready hold is borrowed with the cart feature's Borrow, through /api/holds/borrow.
 */
function useHoldsTab(): MyBooksTab {
  const afterBorrow = useAfterBorrow();
  const { openReader } = useOpenReader();
  const holdBorrowRequest = useHoldBorrowRequest();
  return useMemo(() => {
    const renderBorrow = (hold: Hold, onLent: () => void) => (
      <BorrowButton
        book={hold.book}
        alreadyBorrowed={false}
        onBorrowed={(result) => {
          afterBorrow(result);
          if (result.loans.some((loan) => loan.bookId === hold.bookId)) onLent();
        }}
        onReadNow={() => void openReader(hold.book)}
        request={holdBorrowRequest(hold)}
        size="sm"
        namesBook
      />
    );
    return {
      id: "holds",
      label: holdMessages.tab,
      render: () => <HoldsList renderBorrow={renderBorrow} />,
    };
  }, [afterBorrow, openReader, holdBorrowRequest]);
}

/**
 * /user/books: the loans feature's My Books, paid from the accounts feature's balance, with the
 * holds feature's tab.
 */
export function MyBooksPage() {
  useDocumentTitle("My Books");
  const balance = useReaderBalance();
  const reading = useLoanReading();
  const holdsTab = useHoldsTab();
  const extraTabs = useMemo(() => [holdsTab], [holdsTab]);
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
      <MyBooks
        balance={balance}
        onBookReturned={onBookReturned}
        reading={reading}
        extraTabs={extraTabs}
      />
    </div>
  );
}
