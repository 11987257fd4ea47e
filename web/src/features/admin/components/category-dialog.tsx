import type { AdminCategory } from "@folio/contract/admin";
import { useId, useRef, useState, type FormEvent } from "react";
import { isSessionEnd } from "../../../lib/api-client";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { FormMessage, TextField } from "../../../ui/text-field";
import { useCreateCategory, useUpdateCategory } from "../hooks/catalogue-queries";
import { problemField, problemText } from "../messages";
import { TextAreaField } from "./fields";

interface CategoryDialogProps {
  /** The category to edit; a new one without it. */
  category?: AdminCategory;
  onSaved: (category: AdminCategory) => void;
  onClose: () => void;
}

type Errors = { name?: string; description?: string; form?: string };

/** Adds a category, or renames and redescribes one (only what changed is sent). */
export function CategoryDialog({ category, onSaved, onClose }: CategoryDialogProps) {
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const [name, setName] = useState(category?.name ?? "");
  const [description, setDescription] = useState(category?.description ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const pending = create.isPending || update.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
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

  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal
      title={category ? `Edit the category “${category.name}”` : "Add a category"}
      describedByBody={false}
      initialFocus=".modal__body input"
      onClose={close}
      actions={
        <>
          <Button variant="secondary" aria-disabled={pending ? true : undefined} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} aria-disabled={pending ? true : undefined}>
            {pending ? "Saving…" : "Save"}
          </Button>
        </>
      }
    >
      <form id={formId} className="console-form" noValidate onSubmit={(e) => void submit(e)}>
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
        {errors.form && <FormMessage tone="error">{errors.form}</FormMessage>}
      </form>
    </Modal>
  );
}
