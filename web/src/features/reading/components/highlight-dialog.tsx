import {
  ANNOTATION_NOTE_MAX,
  HIGHLIGHT_COLORS,
  type HighlightColor,
} from "@folio/contract/reading";
import { useId, useState, type FormEvent } from "react";
import { HIGHLIGHT_SWATCHES } from "../frame-highlights";
import type { ShownTheme } from "../reader-theme";
import { ReaderPanel } from "./reader-panel";

export const COLOR_LABELS: Record<HighlightColor, string> = {
  yellow: "Yellow",
  green: "Green",
  blue: "Blue",
  pink: "Pink",
};

interface HighlightDialogProps {
  /** "new": a selection about to be highlighted with a note; "edit": an existing highlight. */
  mode: "new" | "edit";
  text: string;
  color: HighlightColor;
  note: string;
  theme: ShownTheme;
  /** An edit waits for the server to have the highlight first. */
  saving?: boolean;
  onSave: (change: { color: HighlightColor; note: string }) => void;
  onDelete?: () => void;
  onClose: () => void;
}

/** A highlight's colour and note; an existing one can also be deleted. */
export function HighlightDialog({
  mode,
  text,
  color: initialColor,
  note: initialNote,
  theme,
  saving = false,
  onSave,
  onDelete,
  onClose,
}: HighlightDialogProps) {
  const [color, setColor] = useState(initialColor);
  const [note, setNote] = useState(initialNote);
  const noteId = useId();
  const name = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave({ color, note });
  }

  return (
    <ReaderPanel
      title={mode === "new" ? "Add a note" : "Highlight"}
      theme={theme}
      onClose={onClose}
      className="reader-panel--dialog"
      initialFocus="textarea"
    >
      <form className="reader-highlight" onSubmit={submit}>
        <blockquote className="reader-highlight__quote">{text}</blockquote>
        <fieldset className="reader-settings__group">
          <legend className="reader-settings__label">Colour</legend>
          <div className="reader-swatches">
            {HIGHLIGHT_COLORS.map((option) => (
              <label key={option} className="reader-swatch">
                <input
                  type="radio"
                  name={name}
                  value={option}
                  checked={color === option}
                  onChange={() => setColor(option)}
                />
                <span
                  className="reader-swatch__dot"
                  style={{ background: HIGHLIGHT_SWATCHES[option] }}
                  aria-hidden="true"
                />
                <span className="visually-hidden">{COLOR_LABELS[option]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor={noteId} className="reader-settings__label">
          Note
        </label>
        <textarea
          id={noteId}
          className="reader-highlight__note"
          rows={4}
          maxLength={ANNOTATION_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="reader-highlight__actions">
          {onDelete && (
            <button
              type="button"
              className="reader-button reader-button--danger"
              disabled={saving}
              onClick={onDelete}
            >
              Delete highlight
            </button>
          )}
          <button type="submit" className="reader-button reader-button--primary" disabled={saving}>
            Save
          </button>
        </div>
      </form>
    </ReaderPanel>
  );
}
