import type { WireId } from "@folio/contract/common";
import type { RefObject } from "react";
import { Spinner } from "../../../ui/spinner";
import { readingMessages } from "../messages";
import type { ReadFailure } from "../read-error";
import type { ReadingPlace } from "../reader-locator";
import { ReadFailureNotice } from "./read-failure-notice";

interface ReaderStageProps {
  stageRef: RefObject<HTMLElement | null>;
  /** Where the navigator draws the book. */
  bookRef: RefObject<HTMLDivElement | null>;
  title: string;
  chapter: string;
  place: ReadingPlace | null;
  ready: boolean;
  failure: ReadFailure | null;
  bookId: WireId | null;
  /** A tap on the margins beside the text, outside the book's frame. */
  onMarginTap: (pageX: number) => void;
}

/**
 * The page the book is drawn on, with its running head (the chapter) and foot (the page), or
 * what stands in for the book while it opens or when it cannot.
 */
export function ReaderStage({
  stageRef,
  bookRef,
  title,
  chapter,
  place,
  ready,
  failure,
  bookId,
  onMarginTap,
}: ReaderStageProps) {
  return (
    <main
      ref={stageRef}
      tabIndex={-1}
      className="reader-stage"
      aria-label={title}
      onClick={(event) => {
        if (ready && event.target === event.currentTarget) onMarginTap(event.clientX);
      }}
    >
      <div className="reader-running-head" aria-hidden="true">
        {chapter}
      </div>
      <div ref={bookRef} className="reader-stage__book" />
      {failure !== null ? (
        <ReadFailureNotice failure={failure} bookId={bookId} />
      ) : (
        !ready && (
          <div className="reader__loading">
            <Spinner label={readingMessages.loading} />
            <p aria-hidden="true">{readingMessages.loading}…</p>
          </div>
        )
      )}
      <div className="reader-running-foot" aria-hidden="true">
        {place?.screen
          ? `${place.screen.index.toLocaleString("en-GB")} / ${place.screen.count.toLocaleString("en-GB")}`
          : ""}
      </div>
    </main>
  );
}
