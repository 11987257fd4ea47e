// Hrefs inside an EPUB are URLs relative to the file that holds them; the manifest's are the
// entries' paths inside the zip, so they resolve against the manifest's own URL.

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The zip path an href in `base` (a zip path) points at, and its fragment; null for a remote
 * URL, an undecodable one, or one that climbs above the top of the book.
 */
export function resolveHref(
  base: string,
  href: string,
): { path: string; fragment: string | null } | null {
  const trimmed = href.trim();
  if (trimmed === "" || SCHEME.test(trimmed) || trimmed.startsWith("//")) return null;
  const hash = trimmed.indexOf("#");
  const fragment = hash < 0 ? null : trimmed.slice(hash + 1);
  const withoutQuery = (hash < 0 ? trimmed : trimmed.slice(0, hash)).split("?")[0] ?? "";
  const parts = withoutQuery.startsWith("/") ? [] : base.split("/").slice(0, -1);
  for (const raw of withoutQuery.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (segment !== "" && segment !== ".") parts.push(segment);
  }
  // "#note" alone points into `base` itself.
  if (withoutQuery === "") return parts.length ? { path: base, fragment } : null;
  return parts.length ? { path: parts.join("/"), fragment } : null;
}

/** A zip path as an href: each segment URL-encoded, so `OEBPS/a b.xhtml` → `OEBPS/a%20b.xhtml`. */
export const hrefOf = (path: string, fragment: string | null = null) =>
  path.split("/").map(encodeURIComponent).join("/") + (fragment ? `#${fragment}` : "");

/**
 * The zip path a request names (the router has decoded it once), or null when it is no plain
 * relative path: empty, absolute, with a backslash, a control character, `.` or `..` segments.
 */
export function requestedEntry(decoded: string): string | null {
  if (decoded === "" || decoded.length > 1000) return null;
  if ([...decoded].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  if (decoded.includes("\\") || decoded.startsWith("/") || /^[a-zA-Z]:/.test(decoded)) return null;
  const segments = decoded.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) return null;
  return decoded;
}
