import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import type { BecauseYouBorrowed } from "../../features/catalogue/components/because-you-borrowed";
import { useRelatedBooks } from "../../features/catalogue/hooks/catalogue-queries";
import { fetchLoanHistory } from "../../features/loans/api/loans-api";
import { loanKeys } from "../../features/loans/hooks/loan-queries";

/**
 * Home's pointer from the reader's latest loan to the next book (nothing without a loan), and
 * whether it has all it needs: the history, the related books and the row's code, its own chunk
 * fetched only for a reader with a loan. Home shows what lies under the row only then, so the
 * row never arrives above it and pushes it down (a layout shift, issue 45). Once ready it stays
 * so; a part that failed (the chunk too) just shows nothing.
 */
export function useNextReads(enabled: boolean): { ready: boolean; row: ReactNode } {
  // The loans feature's history query, without its failure toast: Home's pointer fails quietly.
  const history = useQuery({
    queryKey: loanKeys.history(),
    queryFn: ({ signal }) => fetchLoanHistory(signal),
    staleTime: 0,
    enabled,
  });
  const loans = history.data?.data ?? [];
  const [latest] = loans;
  const related = useRelatedBooks(latest?.bookId ?? "", { enabled: latest !== undefined });
  // undefined while the chunk loads, null if it cannot: drawn directly, not through a Suspense
  // boundary that would show the row a moment after what lies under it.
  const [Row, setRow] = useState<
    ComponentType<Parameters<typeof BecauseYouBorrowed>[0]> | null | undefined
  >();
  const hasLoan = latest !== undefined;
  useEffect(() => {
    if (!hasLoan) return;
    let current = true;
    import("../../features/catalogue/components/because-you-borrowed").then(
      (module) => current && setRow(() => module.BecauseYouBorrowed),
      () => current && setRow(null),
    );
    return () => {
      current = false;
    };
  }, [hasLoan]);
  const answered =
    !enabled ||
    history.isError ||
    (history.isSuccess && (!latest || (!related.isPending && Row !== undefined)));
  const [shown, setShown] = useState(false);
  if (answered && !shown) setShown(true);
  const ready = shown || answered;

  if (!enabled || !latest || !Row) return { ready, row: null };
  const onLoan = loans.filter((loan) => loan.status !== "returned").map((loan) => loan.bookId);
  return {
    ready,
    row: <Row bookId={latest.bookId} title={latest.title} onLoan={onLoan} />,
  };
}
