import type { AdminBook, AdminCategory } from "@folio/contract/admin";
import { STAFF_PAGE_SIZE } from "@folio/contract/staff";
import { useState } from "react";
import { useDocumentTitle } from "../../../lib/document-title";
import { formatLongDate } from "../../../lib/dates";
import { formatPounds } from "../../../lib/money";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { SampleBadge } from "../../../ui/sample-badge";
import { useToast } from "../../../ui/toast";
import type { BooksQuery } from "../api/catalogue-api";
import { ActionDialog } from "../components/action-dialog";
import { AddBookDialog } from "../components/add-book-dialog";
import { ActionsHeader, RowActions, SortHeader, type SortOrder } from "../components/admin-table";
import { BookHoldsDialog } from "../components/book-holds-dialog";
import { ConsoleList } from "../components/console-list";
import { EditBookDialog } from "../components/edit-book-dialog";
import { FilterBar, FilterSelect, SearchBox } from "../components/list-controls";
import { ReplaceFileDialog } from "../components/replace-file-dialog";
import {
  useAdminBooks,
  useAdminCategories,
  useRestoreBook,
  useRetireBook,
} from "../hooks/catalogue-queries";
import { oneOf, useListParams } from "../hooks/use-list-params";
import { adminMessages, problemText } from "../messages";

type BookSort = NonNullable<BooksQuery["sort"]>;
type BookStatus = NonNullable<BooksQuery["status"]>;

const SORTS: readonly BookSort[] = [
  "title",
  "author",
  "createdAt",
  "price",
  "copies",
  "borrowTimes",
];
const STATUS_VALUES: readonly BookStatus[] = ["all", "active", "retired"];
const ORDERS: readonly SortOrder[] = ["asc", "desc"];
const STATUSES = [
  { value: "all", label: "All books" },
  { value: "active", label: "In the catalogue" },
  { value: "retired", label: "Retired" },
] as const satisfies readonly { value: BookStatus; label: string }[];

type Dialog =
  { kind: "add" } | { kind: "edit" | "replace" | "retire" | "restore"; book: AdminBook } | null;

/** A book id as the URL may name one. */
const isBookId = (value: string) => /^[1-9][0-9]{0,9}$/.test(value);

/**
 * /admin/books: every book, retired ones too, searched, filtered and sorted on the server.
 * `?holds=ID` opens that book's holds over the list, so the holds screen can link to a book.
 */
export function CataloguePage() {
  useDocumentTitle("Catalogue · Staff console");
  const { read, update, page } = useListParams();
  const holdsOf = isBookId(read("holds")) ? read("holds") : null;
  const query: BooksQuery = {
    q: read("q") || undefined,
    status: oneOf(read("status"), STATUS_VALUES, "all"),
    sort: oneOf(read("sort"), SORTS, "title"),
    order: oneOf(read("order"), ORDERS, "asc"),
    page,
    pageSize: STAFF_PAGE_SIZE,
  };
  const books = useAdminBooks(query);
  const categories = useAdminCategories();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { showToast } = useToast();
  const retire = useRetireBook();
  const restore = useRestoreBook();
  const categoryList = categories.data?.categories ?? [];
  const sort = query.sort ?? "title";
  const order = query.order ?? "asc";

  const done = (message: string) => {
    setDialog(null);
    showToast(message, { tone: "success" });
  };

  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1>Catalogue</h1>
        <Button onClick={() => setDialog({ kind: "add" })}>Add a book</Button>
      </div>
      <FilterBar>
        <SearchBox
          label="Search title or author"
          value={query.q ?? ""}
          onSearch={(q) => update({ q }, { replace: true })}
        />
        <FilterSelect
          label="Show"
          value={query.status ?? "all"}
          options={STATUSES}
          onChange={(status) => update({ status: status === "all" ? null : status })}
        />
      </FilterBar>
      <ConsoleList
        query={books}
        loadingLabel="Loading the books"
        empty={adminMessages.noBooks}
        rows={(data) => data.books}
        noun={["book", "books"]}
        label="Books"
        pinTitle
        caption={
          <>
            Books, sorted by {sort} {order === "asc" ? "ascending" : "descending"}
          </>
        }
        columns={
          <BookColumns
            sort={sort}
            order={order}
            onSort={(sort, order) => update({ sort, order })}
          />
        }
        pagesLabel="Book pages"
        onPage={(next) => update({ page: next })}
      >
        {(book) => (
          <BookRow
            key={book.bookId}
            book={book}
            onAction={setDialog}
            onHolds={() => update({ holds: book.bookId, page })}
          />
        )}
      </ConsoleList>

      {holdsOf && (
        <BookHoldsDialog
          bookId={holdsOf}
          title={books.data?.books.find((book) => book.bookId === holdsOf)?.title}
          onClose={() => update({ holds: null, page }, { replace: true })}
        />
      )}
      {dialog?.kind === "add" && (
        <AddBookDialog
          categories={categoryList}
          onCreated={(book) => done(adminMessages.bookCreated(book.title))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "edit" && (
        <EditBookDialog
          book={dialog.book}
          categories={withCategoryOf(dialog.book, categoryList)}
          onSaved={(book) => done(adminMessages.bookSaved(book.title))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "replace" && (
        <ReplaceFileDialog
          book={dialog.book}
          onReplaced={(book) => done(adminMessages.fileReplaced(book.title))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "retire" && (
        <ActionDialog
          title={`Retire “${dialog.book.title}”?`}
          submitLabel="Retire"
          pendingLabel="Retiring…"
          submitVariant="danger"
          reason={{ optional: true }}
          onSubmit={({ reason }) => retire.mutateAsync({ bookId: dialog.book.bookId, reason })}
          onDone={(answer) => done(adminMessages.bookRetired(answer.book.title))}
          onClose={() => setDialog(null)}
        >
          <p>
            Readers will no longer find it or borrow it. Open loans of it run on until they end. You
            can restore it later.
          </p>
        </ActionDialog>
      )}
      {dialog?.kind === "restore" && (
        <ConfirmDialog
          title={`Restore “${dialog.book.title}”?`}
          confirmLabel="Restore"
          pendingLabel="Restoring…"
          onConfirm={() => restore.mutateAsync(dialog.book.bookId)}
          onConfirmed={() => done(adminMessages.bookRestored(dialog.book.title))}
          failureMessage={problemText}
          onClose={() => setDialog(null)}
        >
          <p>It comes back to the catalogue and search, and can be borrowed again.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The list the category select offers, with the book's own even if the list has not come. */
function withCategoryOf(book: AdminBook, categories: readonly AdminCategory[]) {
  if (categories.some((category) => category.categoryId === book.categoryId)) return categories;
  const own: AdminCategory = {
    categoryId: book.categoryId,
    name: book.categoryName,
    slug: "",
    description: "",
    books: 0,
  };
  return [own, ...categories];
}

interface BookColumnsProps {
  sort: BookSort;
  order: SortOrder;
  onSort: (sort: BookSort, order: SortOrder) => void;
}

function BookColumns({ sort, order, onSort }: BookColumnsProps) {
  const header = (column: BookSort, label: string, numeric = false) => (
    <SortHeader
      column={column}
      label={label}
      sort={sort}
      order={order}
      onSort={onSort}
      firstOrder={numeric ? "desc" : "asc"}
      className={numeric ? "console-table__number" : undefined}
    />
  );
  return (
    <>
      {header("title", "Title")}
      {header("author", "Author")}
      <th scope="col">Category</th>
      {header("price", "Price", true)}
      {header("copies", "Copies", true)}
      <th scope="col" className="console-table__number">
        On loan
      </th>
      <th scope="col" className="console-table__number">
        Lends left
      </th>
      {header("borrowTimes", "Borrowed", true)}
      {header("createdAt", "Added", true)}
      <th scope="col">Status</th>
      <ActionsHeader />
    </>
  );
}

interface BookRowProps {
  book: AdminBook;
  onAction: (dialog: Dialog) => void;
  onHolds: () => void;
}

function BookRow({ book, onAction, onHolds }: BookRowProps) {
  return (
    <tr>
      <th scope="row" className="console-table__title">
        {book.title}
        {/* What an operator replaces with the book's EPUB. */}
        {book.sample && (
          <>
            {" "}
            <SampleBadge compact />
          </>
        )}
      </th>
      <td>{book.author}</td>
      <td>{book.categoryName}</td>
      <td className="console-table__number">{formatPounds(book.price)}</td>
      <td className="console-table__number">{book.copies}</td>
      <td className="console-table__number">{book.onLoan}</td>
      <td className="console-table__number">{book.lendsLeft}</td>
      <td className="console-table__number">{book.borrowTimes}</td>
      <td className="console-table__nowrap">{formatLongDate(book.createdAt)}</td>
      <td>
        {book.retiredAt ? (
          <span className="console-badge console-badge--muted">Retired</span>
        ) : (
          <span className="console-badge console-badge--ok">In catalogue</span>
        )}
      </td>
      <RowActions
        label={`Actions for ${book.title}`}
        items={[
          { label: "Edit", onSelect: () => onAction({ kind: "edit", book }) },
          { label: "Holds", onSelect: onHolds },
          { label: "Replace file", onSelect: () => onAction({ kind: "replace", book }) },
          book.retiredAt
            ? { label: "Restore", onSelect: () => onAction({ kind: "restore", book }) }
            : {
                label: "Retire",
                tone: "danger",
                onSelect: () => onAction({ kind: "retire", book }),
              },
        ]}
      />
    </tr>
  );
}
