import { useEffect, useState, type ReactNode } from "react";
import { Button } from "./button";
import "./copy-button.css";

/** How long "Copied" stays, so a second copy is announced again. */
const SAID_FOR_MS = 4000;

interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** The button's words; "Copy" unless given ("Copy address"). */
  children?: ReactNode;
}

/**
 * Copies a text and says so beside the button. A browser without the clipboard (an address
 * that is not https, or a refusal) gets the way round it: the text is there to select.
 */
export function CopyButton({ text, children = "Copy" }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<"copied" | "failed" | null>(null);

  useEffect(() => {
    if (outcome !== "copied") return;
    const timer = window.setTimeout(() => setOutcome(null), SAID_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  async function copy() {
    setOutcome(null);
    try {
      await navigator.clipboard.writeText(text);
      setOutcome("copied");
    } catch {
      setOutcome("failed");
    }
  }

  return (
    <span className="copy-button">
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        {children}
      </Button>
      {/* Always there, so assistive technology hears it change. */}
      <span
        role="status"
        className={`copy-button__status${outcome === "failed" ? " copy-button__status--failed" : ""}`}
      >
        {outcome === "copied" && "Copied"}
        {outcome === "failed" && "Could not copy. Please select the text and copy it yourself."}
      </span>
    </span>
  );
}
