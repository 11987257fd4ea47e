import { staffLimits } from "@folio/contract/staff";
import { useId, type Ref } from "react";
import { Spinner } from "../../../ui/spinner";
import { adminMessages } from "../messages";

const LIMIT_MB = staffLimits.uploadMaxBytes / (1024 * 1024);

interface EpubPickerProps {
  onPick: (file: File | null) => void;
  error: string | null;
  /** Whether the chosen file is on its way: a progress line shows under the input. */
  reading?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** The EPUB file input, with what is wrong with the chosen file, or its progress, under it. */
export function EpubPicker({ onPick, error, reading = false, ref }: EpubPickerProps) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={id} className="field__label">
          EPUB file
        </label>
        <p id={`${id}-hint`} className="field__hint">
          Up to {LIMIT_MB} MB. The title, author, description and cover are read from the file.
        </p>
        <input
          ref={ref}
          id={id}
          type="file"
          accept=".epub,application/epub+zip"
          className="console-file"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
          onChange={(event) => onPick(event.target.files?.[0] ?? null)}
        />
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      {reading && (
        <div className="console-progress">
          <Spinner label={adminMessages.readingFile} />
          <span aria-hidden="true">{adminMessages.readingFile}</span>
        </div>
      )}
    </>
  );
}
