import { useId } from "react";
import {
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  READER_THEMES,
  THEME_LABELS,
  type ReaderTheme,
} from "../reader-theme";

interface ReaderSettingsProps {
  fontSize: number;
  theme: ReaderTheme;
  onFontSize: (change: -1 | 1) => void;
  onTheme: (theme: ReaderTheme) => void;
}

/** Font size − / + and the light, sepia and dark themes. */
export function ReaderSettings({ fontSize, theme, onFontSize, onTheme }: ReaderSettingsProps) {
  const sizeId = useId();
  const name = useId();
  return (
    <div className="reader-settings">
      <div className="reader-settings__group" role="group" aria-labelledby={sizeId}>
        <span id={sizeId} className="reader-settings__label">
          Font size
        </span>
        <button
          type="button"
          className="reader-button"
          aria-label="Decrease font size"
          disabled={fontSize <= FONT_SIZE_MIN}
          onClick={() => onFontSize(-1)}
        >
          A−
        </button>
        <output className="reader-settings__value" aria-live="polite">
          {fontSize}%
        </output>
        <button
          type="button"
          className="reader-button"
          aria-label="Increase font size"
          disabled={fontSize >= FONT_SIZE_MAX}
          onClick={() => onFontSize(1)}
        >
          A+
        </button>
      </div>
      <fieldset className="reader-settings__group reader-settings__themes">
        <legend className="reader-settings__label">Theme</legend>
        {READER_THEMES.map((option) => (
          <label key={option} className={`reader-theme-option reader-theme-option--${option}`}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={theme === option}
              onChange={() => onTheme(option)}
            />
            {THEME_LABELS[option]}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
