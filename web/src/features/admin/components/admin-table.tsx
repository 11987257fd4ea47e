import type { ReactNode } from "react";
import { MenuButton, type MenuAction } from "../../../ui/menu-button";

/**
 * A table's own scrolling box: on a phone a wide table scrolls sideways inside it instead of
 * widening the page. Focusable so a keyboard can scroll it too.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A region that scrolls must be reachable by keyboard (axe scrollable-region-focusable).
    <div className="console-table__scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A console table in its scrolling region, with a caption for screen readers only. */
export function ConsoleTable({
  label,
  caption,
  columns,
  pinTitle = false,
  children,
}: {
  /** The name of the scrolling region. */
  label: string;
  caption: ReactNode;
  /** The header cells of the table's one header row. */
  columns: ReactNode;
  /** Keeps each row's header (a book's title) in view while a wide table scrolls sideways. */
  pinTitle?: boolean;
  /** The rows, each a `<tr>` with its key. */
  children: ReactNode;
}) {
  return (
    <TableRegion label={label}>
      <table className={`console-table${pinTitle ? " console-table--pin-title" : ""}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{columns}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}

export type SortOrder = "asc" | "desc";

interface SortHeaderProps<K extends string> {
  column: K;
  label: string;
  sort: K;
  order: SortOrder;
  onSort: (column: K, order: SortOrder) => void;
  /** Numbers read best largest first on the first click. */
  firstOrder?: SortOrder;
  className?: string;
}

/**
 * A column header that sorts the list on the server: a click sorts by it, a second reverses.
 * aria-sort on the header says which way the list is sorted now.
 */
export function SortHeader<K extends string>({
  column,
  label,
  sort,
  order,
  onSort,
  firstOrder = "asc",
  className,
}: SortHeaderProps<K>) {
  const active = sort === column;
  const next: SortOrder = active ? (order === "asc" ? "desc" : "asc") : firstOrder;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (order === "asc" ? "ascending" : "descending") : undefined}
    >
      <button type="button" className="console-table__sort" onClick={() => onSort(column, next)}>
        {label}
        <span className="console-table__sort-mark" aria-hidden="true">
          {active ? (order === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}

/** The header of the row actions' column: named for screen readers, as narrow as its buttons. */
export function ActionsHeader() {
  return (
    <th scope="col" className="console-table__actions">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}

/**
 * A row's actions as one menu button in the table's last column, which stays at the table's
 * right edge: a row of buttons there once covered the columns beneath it (issue 45).
 */
export function RowActions({ label, items }: { label: string; items: readonly MenuAction[] }) {
  return (
    <td className="console-table__actions">
      <MenuButton label={label} items={items} />
    </td>
  );
}
