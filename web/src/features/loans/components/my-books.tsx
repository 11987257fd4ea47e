import type { WireId } from "@folio/contract/common";
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { ReaderBalance } from "../reader-balance";
import { BorrowingHistory } from "./borrowing-history";
import { CurrentLoans, type LoanReading } from "./current-loans";
import "./loans.css";

/** A tab other features add to My Books (the holds), supplied by the app. */
export interface MyBooksTab {
  /** its value of ?tab= */
  id: string;
  label: string;
  render: () => ReactNode;
}

const OWN_TABS = [
  { id: "current", label: "Currently Borrowed" },
  { id: "history", label: "Borrowing History" },
] as const;

const FIRST_TAB = OWN_TABS[0].id;

/** The tab sits in the URL (?tab=history) so a reload or a shared link keeps it. */
function tabFrom(params: URLSearchParams, tabs: readonly { id: string }[]): string {
  const asked = params.get("tab");
  return tabs.some((tab) => tab.id === asked) && asked !== null ? asked : FIRST_TAB;
}

interface MyBooksProps {
  balance: ReaderBalance;
  /** A book went back: what other features show about it (its free copies) has changed. */
  onBookReturned?: (bookId: WireId) => void;
  /** The reading feature's part of each open loan. */
  reading: LoanReading;
  /** Tabs after the loans' own, each with its panel. */
  extraTabs?: readonly MyBooksTab[];
}

/**
 * My Books (spec §2): the Currently Borrowed and Borrowing History tabs, then any the app adds,
 * as an ARIA tab list (arrow keys, Home and End move between tabs; the selected tab is the only
 * tab stop).
 */
export function MyBooks({ balance, onBookReturned, reading, extraTabs = [] }: MyBooksProps) {
  const [params, setParams] = useSearchParams();
  const tabs: readonly { id: string; label: string }[] = [...OWN_TABS, ...extraTabs];
  const selected = tabFrom(params, tabs);
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  function select(tab: string) {
    if (tab === selected) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (tab === FIRST_TAB) next.delete("tab");
        else next.set("tab", tab);
        return next;
      },
      { replace: true },
    );
  }

  function panelOf(tab: string): ReactNode {
    if (tab === "current") {
      return <CurrentLoans balance={balance} onBookReturned={onBookReturned} reading={reading} />;
    }
    if (tab === "history") return <BorrowingHistory />;
    return extraTabs.find((extra) => extra.id === tab)?.render();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const target =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    const tab = target === null ? undefined : tabs[target];
    if (!tab) return;
    event.preventDefault();
    select(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  }

  return (
    <div className="my-books">
      <div role="tablist" aria-label="My Books" className="loan-tabs" onKeyDown={handleKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.id, element);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}-tab`}
            className="loan-tabs__tab"
            aria-selected={tab.id === selected}
            aria-controls={`${baseId}-${tab.id}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-${tab.id}-panel`}
          aria-labelledby={`${baseId}-${tab.id}-tab`}
          className="loan-tabs__panel"
          tabIndex={0}
          hidden={tab.id !== selected}
        >
          {tab.id === selected && panelOf(tab.id)}
        </div>
      ))}
    </div>
  );
}
