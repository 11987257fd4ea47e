import { useCallback } from "react";
import { useSearchParams } from "react-router";

/** The page number in the URL, 1 when missing or nonsense. */
function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A console list's filters, search, sort and page live in the URL, so a view can be shared,
 * bookmarked and come back to with Back. Changing anything but the page starts at page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();

  const read = useCallback((name: string) => params.get(name) ?? "", [params]);

  const update = useCallback(
    (changes: Record<string, string | number | null>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === "") next.delete(name);
            else next.set(name, String(value));
          }
          if (!("page" in changes)) next.delete("page");
          if (next.get("page") === "1") next.delete("page");
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );

  return { read, update, page: readPage(params.get("page")) };
}

/** `value` if it is one of `allowed`, else `fallback`: a typed URL parameter. */
export function oneOf<T extends string>(value: string, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}
