import { useEffect } from "react";

const SITE_NAME = "Folio";

/** Sets the tab title so each screen is distinguishable in history and to screen readers. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: borrow and read e-books`;
  }, [title]);
}
