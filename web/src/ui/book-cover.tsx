import { useState } from "react";
import defaultCover from "../assets/default-cover.svg";
import "./book-cover.css";

interface BookCoverProps {
  src: string | null | undefined;
  title: string;
  width: number;
  height: number;
  /** Covers above the fold load at once; the rest wait until scrolled near. */
  eager?: boolean;
  /** The page's main image (its largest paint): fetch it ahead of everything else. */
  priority?: boolean;
  className?: string;
}

/** A book cover that falls back to the default image when missing or broken (spec §3). */
export function BookCover({
  src,
  title,
  width,
  height,
  eager = false,
  priority = false,
  className,
}: BookCoverProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src.trim() !== "" && src !== failedSrc ? src : defaultCover;
  return (
    <img
      className={["book-cover", className ?? ""].filter(Boolean).join(" ")}
      src={usable}
      alt={`Cover of ${title}`}
      width={width}
      height={height}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      onError={() => {
        if (usable !== defaultCover) setFailedSrc(usable);
      }}
    />
  );
}
