import {
  READER_FONTS,
  READER_LAYOUTS,
  READER_MARGINS,
  READER_TEXT_ALIGNS,
  READER_THEMES,
  type ReaderPreferences,
} from "@folio/contract/reading";
import { useId } from "react";
import {
  ALIGN_LABELS,
  FONT_LABELS,
  FONT_SIZE_STEPS,
  LINE_HEIGHT_STEPS,
  MARGIN_LABELS,
  nextStep,
  THEME_LABELS,
  type ShownTheme,
} from "../reader-theme";
import { ReaderPanel } from "./reader-panel";

interface SettingsPanelProps {
  preferences: ReaderPreferences;
  theme: ShownTheme;
  onChange: (patch: Partial<ReaderPreferences>) => void;
  onClose: () => void;
}

const LAYOUT_LABELS: Record<ReaderPreferences["layout"], string> = {
  paginated: "Pages",
  scrolled: "Scroll",
};

function Choice<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="reader-settings__group">
      <legend className="reader-settings__label">{legend}</legend>
      <div className="reader-segmented">
        {options.map((option) => (
          <label key={option} className={`reader-segmented__option reader-option--${option}`}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span>{labels[option]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Stepper({
  label,
  value,
  shown,
  steps,
  lessLabel,
  moreLabel,
  glyphs = ["−", "+"],
  onChange,
}: {
  label: string;
  value: number;
  shown: string;
  steps: readonly number[];
  lessLabel: string;
  moreLabel: string;
  glyphs?: [string, string];
  onChange: (value: number) => void;
}) {
  const labelId = useId();
  const first = steps[0] ?? value;
  const last = steps[steps.length - 1] ?? value;
  return (
    <div className="reader-settings__group" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="reader-settings__label">
        {label}
      </span>
      <div className="reader-stepper">
        <button
          type="button"
          className="reader-stepper__button"
          aria-label={lessLabel}
          disabled={value <= first + 1e-9}
          onClick={() => onChange(nextStep(steps, value, -1))}
        >
          <span aria-hidden="true">{glyphs[0]}</span>
        </button>
        <output className="reader-stepper__value" aria-live="polite">
          {shown}
        </output>
        <button
          type="button"
          className="reader-stepper__button"
          aria-label={moreLabel}
          disabled={value >= last - 1e-9}
          onClick={() => onChange(nextStep(steps, value, 1))}
        >
          <span aria-hidden="true">{glyphs[1]}</span>
        </button>
      </div>
    </div>
  );
}

/**
 * Text size, font, spacing, alignment, margins, theme and layout; each change shows in the book
 * at once. Text size and layout are the open book's own (use-reader-preferences).
 */
export function SettingsPanel({ preferences, theme, onChange, onClose }: SettingsPanelProps) {
  return (
    <ReaderPanel title="Reading settings" theme={theme} onClose={onClose}>
      <div className="reader-settings">
        <Stepper
          label="Text size"
          value={preferences.fontSize}
          shown={`${Math.round(preferences.fontSize * 100)}%`}
          steps={FONT_SIZE_STEPS}
          lessLabel="Smaller text"
          moreLabel="Larger text"
          glyphs={["A−", "A+"]}
          onChange={(fontSize) => onChange({ fontSize })}
        />
        <Choice
          legend="Font"
          options={READER_FONTS}
          labels={FONT_LABELS}
          value={preferences.fontFamily}
          onChange={(fontFamily) => onChange({ fontFamily })}
        />
        <Stepper
          label="Line spacing"
          value={preferences.lineHeight}
          shown={preferences.lineHeight.toFixed(2).replace(/0$/, "")}
          steps={LINE_HEIGHT_STEPS}
          lessLabel="Less line spacing"
          moreLabel="More line spacing"
          onChange={(lineHeight) => onChange({ lineHeight })}
        />
        <Choice
          legend="Alignment"
          options={READER_TEXT_ALIGNS}
          labels={ALIGN_LABELS}
          value={preferences.textAlign ?? "publisher"}
          onChange={(textAlign) => onChange({ textAlign })}
        />
        <Choice
          legend="Margins"
          options={READER_MARGINS}
          labels={MARGIN_LABELS}
          value={preferences.margins}
          onChange={(margins) => onChange({ margins })}
        />
        <Choice
          legend="Theme"
          options={READER_THEMES}
          labels={THEME_LABELS}
          value={preferences.theme}
          onChange={(next) => onChange({ theme: next })}
        />
        <Choice
          legend="Layout"
          options={READER_LAYOUTS}
          labels={LAYOUT_LABELS}
          value={preferences.layout}
          onChange={(layout) => onChange({ layout })}
        />
      </div>
    </ReaderPanel>
  );
}
