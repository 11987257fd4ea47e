import { createHash } from "node:crypto";

/** Cover palettes: a background and an ink with enough contrast to read at thumbnail size. */
const palettes = [
  { bg: "#1f3a5f", band: "#2f5685", ink: "#f6efe1", accent: "#e0b15a" },
  { bg: "#5b1f2a", band: "#7d2e3b", ink: "#f8ece4", accent: "#e9c27d" },
  { bg: "#1e4634", band: "#2c6049", ink: "#f1f5ea", accent: "#d9c36b" },
  { bg: "#3b2a55", band: "#52407a", ink: "#f3eefa", accent: "#e6b8d0" },
  { bg: "#6a3f17", band: "#8a5724", ink: "#fbf2e3", accent: "#f2d091" },
  { bg: "#23303b", band: "#364754", ink: "#eef3f6", accent: "#9fd3c7" },
  { bg: "#f1e6cf", band: "#e2d1ad", ink: "#2b2118", accent: "#9c3d2e" },
  { bg: "#e4ece6", band: "#cbdccf", ink: "#1d2b22", accent: "#2f6b4f" },
] as const;

/**
 * Every cover is answered under this policy, drawn or uploaded: an SVG is a document that can
 * hold script, and a cover opened on its own must run nothing, load nothing and, sandboxed, reach
 * nothing of the shop's origin. Raster covers need nothing more than their bytes.
 */
export const COVER_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Greedy word wrap; a word longer than the line is cut so nothing runs off the cover. */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const rawWord of text.split(/\s+/).filter(Boolean)) {
    const word = rawWord.length > maxChars ? `${rawWord.slice(0, maxChars - 1)}…` : rawWord;
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/…$/, "")}…`;
    return kept;
  }
  return lines;
}

/** Draws a book's cover as SVG from its title and author; the same book always looks the same. */
export function drawCover(title: string, author: string): string {
  const digest = createHash("sha1").update(`${title}\u0000${author}`).digest();
  const palette = palettes[digest[0]! % palettes.length]!;
  const motif = digest[1]! % 3;
  const titleSize = title.length > 40 ? 30 : title.length > 22 ? 36 : 44;
  const titleLines = wrap(title, Math.floor(560 / titleSize), 5);
  const authorLines = wrap(author, 24, 2);
  const titleTop = 190 - ((titleLines.length - 1) * titleSize * 1.15) / 2;

  const decoration =
    motif === 0
      ? `<circle cx="200" cy="470" r="46" fill="none" stroke="${palette.accent}" stroke-width="3"/><circle cx="200" cy="470" r="30" fill="${palette.accent}" opacity="0.35"/>`
      : motif === 1
        ? `<path d="M150 470 L200 425 L250 470 L200 515 Z" fill="none" stroke="${palette.accent}" stroke-width="3"/><path d="M175 470 L200 447 L225 470 L200 493 Z" fill="${palette.accent}" opacity="0.4"/>`
        : `<path d="M130 470 H270 M150 455 H250 M150 485 H250" stroke="${palette.accent}" stroke-width="3" stroke-linecap="round"/>`;

  const titleText = titleLines
    .map(
      (line, i) =>
        `<text x="200" y="${(titleTop + i * titleSize * 1.15).toFixed(1)}" font-size="${titleSize}" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join("");
  const authorText = authorLines
    .map(
      (line, i) =>
        `<text x="200" y="${560 + i * 26 - (authorLines.length - 1) * 26}" font-size="22" letter-spacing="1">${escapeXml(line.toUpperCase())}</text>`,
    )
    .join("");

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 600" width="400" height="600" role="img" aria-label="${escapeXml(`${title} by ${author}`)}">
<rect width="400" height="600" fill="${palette.bg}"/>
<rect x="0" y="40" width="400" height="8" fill="${palette.band}"/>
<rect x="0" y="552" width="400" height="0" fill="${palette.band}"/>
<rect x="24" y="24" width="352" height="552" fill="none" stroke="${palette.accent}" stroke-width="2" opacity="0.8"/>
<g fill="${palette.ink}" font-family="Georgia, 'Times New Roman', serif" text-anchor="middle">${titleText}</g>
${decoration}
<g fill="${palette.ink}" font-family="Helvetica, Arial, sans-serif" text-anchor="middle" opacity="0.92">${authorText}</g>
</svg>`;
}
