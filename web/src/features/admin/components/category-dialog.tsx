import type { AdminCategory } from "@folio/contract/admin";
import { useRef, useState } from "react";
import { isSessionEnd } from "../../../lib/api-client";
import { TextField } from "../../../ui/text-field";
import { useCreateCategory, useUpdateCategory } from "../hooks/catalogue-queries";
import { problemField, problemText } from "../messages";
import { TextAreaField } from "./fields";
import { FormDialog } from "./form-dialog";

interface CategoryDialogProps {
  /** The category to edit; a new one without it. */
  category?: AdminCategory;
  onSaved: (category: AdminCategory) => void;
  onClose: () => void;
}

type Errors = { name?: string; description?: string; form?: string };

/** Adds a category, or renames and redescribes one (only what changed is sent). */
export function CategoryDialog({ category, onSaved, onClose }: CategoryDialogProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const [name, setName] = useState(category?.name ?? "");
  const [description, setDescription] = useState(category?.description ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const pending = create.isPending || update.isPending;

  async function submit() {
    const found: Errors = {};
    if (!name.trim()) found.name = "A name is required.";
    if (!description.trim()) found.description = "A description is required.";
    if (found.name || found.description) {
      setErrors(found);
      (found.name ? nameRef : descriptionRef).current?.focus();
      return;
    }
    setErrors({});
    try {
      if (category) {
        const changes = {
          categoryId: category.categoryId,
          ...(name.trim() !== category.name ? { name: name.trim() } : {}),
          ...(description.trim() !== category.description
            ? { description: description.trim() }
            : {}),
        };
        if (Object.keys(changes).length === 1) {
          setErrors({ form: "Nothing to save: change the name or the description first." });
          return;
        }
        onSaved((await update.mutateAsync(changes)).category);
      } else {
        onSaved(
          (await create.mutateAsync({ name: name.trim(), description: description.trim() }))
            .category,
        );
      }
    } catch (error) {
      if (isSessionEnd(error)) return;
      const field = problemField(error);
      if (field === "name" || field === "description") {
        setErrors({ [field]: problemText(error) });
        (field === "name" ? nameRef : descriptionRef).current?.focus();
      } else {
        setErrors({ form: problemText(error) });
      }
    }
  }

  return (
    <FormDialog
      title={category ? `Edit the category “${category.name}”` : "Add a category"}
      submitLabel="Save"
      pendingLabel="Saving…"
      pending={pending}
      problem={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        ref={nameRef}
        label="Name"
        maxLength={80}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextAreaField
        ref={descriptionRef}
        label="Description"
        rows={4}
        maxLength={1000}
        value={description}
        error={errors.description}
        onChange={(event) => setDescription(event.target.value)}
      />
    </FormDialog>
  );
}
