import { HIGHLIGHT_COLORS, type HighlightColor } from "@folio/contract/reading";
import { HIGHLIGHT_SWATCHES } from "../frame-highlights";
import { COLOR_LABELS } from "./highlight-dialog";

interface SelectionPopupProps {
  /** Where the selection is on the page (viewport pixels). */
  rect: { top: number; bottom: number; left: number; width: number };
  onHighlight: (color: HighlightColor) => void;
  onNote: () => void;
}

const POPUP_HEIGHT = 48;
const POPUP_WIDTH = 260;

/** Four colours and "Add note", just above the selected text (below it near the top). */
export function SelectionPopup({ rect, onHighlight, onNote }: SelectionPopupProps) {
  const above = rect.top - POPUP_HEIGHT - 8;
  const top = above > 8 ? above : rect.bottom + 8;
  const centre = rect.left + rect.width / 2;
  const left = Math.min(
    Math.max(8, centre - POPUP_WIDTH / 2),
    Math.max(8, window.innerWidth - POPUP_WIDTH - 8),
  );
  return (
    <div
      className="reader-selection"
      role="toolbar"
      aria-label="Highlight the selection"
      style={{ top, left }}
    >
      {HIGHLIGHT_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          className="reader-selection__color"
          aria-label={`Highlight ${COLOR_LABELS[color].toLowerCase()}`}
          onClick={() => onHighlight(color)}
        >
          <span style={{ background: HIGHLIGHT_SWATCHES[color] }} aria-hidden="true" />
        </button>
      ))}
      <button type="button" className="reader-selection__note" onClick={onNote}>
        Add note
      </button>
    </div>
  );
}
