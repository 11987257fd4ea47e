import type { AdminCategory } from "@folio/contract/admin";
import { useState } from "react";
import { useDocumentTitle } from "../../../lib/document-title";
import { Button } from "../../../ui/button";
import { QueryState } from "../../../ui/query-state";
import { useToast } from "../../../ui/toast";
import { ConsoleTable } from "../components/admin-table";
import { CategoryDialog } from "../components/category-dialog";
import { useAdminCategories } from "../hooks/catalogue-queries";
import { adminMessages } from "../messages";

/** /admin/categories: every category with its books, to add or edit. */
export function CategoriesPage() {
  useDocumentTitle("Categories · Staff console");
  const categories = useAdminCategories();
  const [editing, setEditing] = useState<AdminCategory | "new" | null>(null);
  const { showToast } = useToast();

  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1>Categories</h1>
        <Button onClick={() => setEditing("new")}>Add a category</Button>
      </div>
      <QueryState
        query={categories}
        loadingLabel="Loading the categories"
        failedMessage={adminMessages.loadFailed}
        failedAlert
        isEmpty={(data) => data.categories.length === 0}
        empty={<p className="console-empty">{adminMessages.noCategories}</p>}
      >
        {(data) => (
          <ConsoleTable
            label="Categories"
            caption="Categories, with their books"
            columns={
              <>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
                <th scope="col" className="console-table__number">
                  Books
                </th>
                <th scope="col">Actions</th>
              </>
            }
          >
            {data.categories.map((category) => (
              <tr key={category.categoryId}>
                <th scope="row">{category.name}</th>
                <td className="console-table__wide">{category.description}</td>
                <td className="console-table__number">{category.books}</td>
                <td>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Edit ${category.name}`}
                    onClick={() => setEditing(category)}
                  >
                    Edit
                  </Button>
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </QueryState>
      {editing && (
        <CategoryDialog
          category={editing === "new" ? undefined : editing}
          onSaved={(saved) => {
            setEditing(null);
            showToast(
              editing === "new"
                ? adminMessages.categoryCreated(saved.name)
                : adminMessages.categorySaved(saved.name),
              { tone: "success" },
            );
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
