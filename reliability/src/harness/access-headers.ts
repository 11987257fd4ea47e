import type { IncomingHttpHeaders } from "node:http";

/** A Content-Security-Policy header as directive → sources. */
export function cspDirectives(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

const LOOSE_SCRIPT_SOURCES = ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"];
const SAFE_REFERRER_POLICIES = [
  "no-referrer",
  "same-origin",
  "strict-origin",
  "strict-origin-when-cross-origin",
];

/**
 * What is wrong with one answer's security headers; empty when all hold. `page` asks for the
 * rules of an HTML document too: no framing at all and no plugins.
 */
export function headerProblems(headers: IncomingHttpHeaders, page: boolean): string[] {
  const problems: string[] = [];
  const csp = headers["content-security-policy"];
  if (typeof csp !== "string") problems.push("no Content-Security-Policy");
  const directives = cspDirectives(typeof csp === "string" ? csp : undefined);
  const scripts = directives.get("script-src") ?? directives.get("default-src");
  if (!scripts) problems.push("CSP has neither script-src nor default-src");
  for (const loose of scripts ?? [])
    if (LOOSE_SCRIPT_SOURCES.includes(loose)) problems.push(`script-src allows ${loose}`);
  if (page) {
    if (directives.get("frame-ancestors")?.join(" ") !== "'none'")
      problems.push(
        `frame-ancestors is ${directives.get("frame-ancestors")?.join(" ") ?? "unset"}`,
      );
    const objects = directives.get("object-src") ?? directives.get("default-src");
    if (objects?.join(" ") !== "'none'") problems.push(`object-src is ${objects?.join(" ")}`);
  }
  if (headers["x-content-type-options"] !== "nosniff")
    problems.push(`X-Content-Type-Options is ${String(headers["x-content-type-options"])}`);
  const referrer = String(headers["referrer-policy"] ?? "");
  if (!SAFE_REFERRER_POLICIES.includes(referrer)) problems.push(`Referrer-Policy is ${referrer}`);
  if (headers["x-frame-options"] !== "DENY")
    problems.push(`X-Frame-Options is ${String(headers["x-frame-options"])}`);
  return problems;
}

/** Script in an HTML page that a CSP without 'unsafe-inline' would block. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", body = ""] = match;
    if (!/\bsrc\s*=/.test(attributes) || body.trim() !== "") found.push(match[0].slice(0, 80));
  }
  for (const match of html.matchAll(/<[^>]+\son[a-z]+\s*=/gi)) found.push(match[0].slice(0, 80));
  for (const match of html.matchAll(/javascript:/gi)) found.push(match[0]);
  return found;
}
