import { isPendingAnnotation } from "../hooks/use-annotations";
import type { ReaderAnnotations } from "../hooks/use-reader-annotations";
import type { ReaderDialog } from "../hooks/use-reader-chrome";
import type { ShownTheme } from "../reader-theme";
import { HighlightDialog } from "./highlight-dialog";
import { SelectionPopup } from "./selection-popup";

interface AnnotationDialogsProps {
  notes: Pick<ReaderAnnotations, "annotations" | "selection" | "highlight" | "change" | "remove">;
  dialog: ReaderDialog | null;
  theme: ShownTheme;
  onOpen: (dialog: ReaderDialog) => void;
  onClose: () => void;
}

/**
 * What a highlight shows over the book: the colours over selected text, and a highlight's note,
 * new (from the selection) or to be changed (a tap on the highlight).
 */
export function AnnotationDialogs({
  notes,
  dialog,
  theme,
  onOpen,
  onClose,
}: AnnotationDialogsProps) {
  const { selection } = notes;
  const editing =
    dialog?.kind === "highlight"
      ? notes.annotations.find((a) => String(a.id) === dialog.id)
      : undefined;

  return (
    <>
      {selection && !dialog && (
        <SelectionPopup
          rect={selection.rect}
          onHighlight={(color) => notes.highlight(color)}
          onNote={() => onOpen({ kind: "new-note", selection })}
        />
      )}
      {dialog?.kind === "new-note" && (
        <HighlightDialog
          mode="new"
          text={dialog.selection.locator.text?.highlight ?? ""}
          color="yellow"
          note=""
          theme={theme}
          onSave={({ color, note }) => {
            notes.highlight(color, note, dialog.selection);
            onClose();
          }}
          onClose={onClose}
        />
      )}
      {editing && (
        <HighlightDialog
          mode="edit"
          text={editing.text ?? editing.locator.text?.highlight ?? ""}
          color={editing.color ?? "yellow"}
          note={editing.note ?? ""}
          theme={theme}
          saving={isPendingAnnotation(editing)}
          onSave={({ color, note }) => {
            notes.change({ id: editing.id, color, note });
            onClose();
          }}
          onDelete={() => {
            notes.remove(editing.id);
            onClose();
          }}
          onClose={onClose}
        />
      )}
    </>
  );
}
