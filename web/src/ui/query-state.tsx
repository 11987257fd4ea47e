import type { ReactNode } from "react";
import { LoadFailedNotice } from "./load-failed-notice";
import { SkeletonLines } from "./skeleton";

/** The part of a TanStack query result the states are read from. */
export interface QueryStatus<T> {
  data: T | undefined;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

interface QueryStateProps<T> {
  query: QueryStatus<T>;
  /** What the placeholders announce while the data loads ("Loading your cart"). */
  loadingLabel: string;
  /** The placeholders, in the shape of what is loading; three lines of text unless given. */
  skeleton?: ReactNode;
  loadingClassName?: string;
  /** Shown with Try again when the data could not load; the query's meta toasts it too. */
  failedMessage: string;
  /** The failure is announced by the notice itself (no toast names it), with its own look. */
  failedAlert?: boolean;
  failedClassName?: string;
  /** Whether the data holds nothing to list; `empty` is shown then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A screen's way to its data: placeholders while it loads, the failure with Try again, the empty
 * state, then the data itself.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  skeleton = <SkeletonLines shapes={["line", "line", "short"]} />,
  loadingClassName,
  failedMessage,
  failedAlert,
  failedClassName,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <div className={loadingClassName} aria-busy="true">
        <p className="visually-hidden" role="status">
          {loadingLabel}
        </p>
        {skeleton}
      </div>
    );
  }
  if (query.data === undefined) {
    return (
      <LoadFailedNotice
        message={failedMessage}
        {...(failedAlert ? { alert: true } : {})}
        {...(failedClassName ? { className: failedClassName } : {})}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
