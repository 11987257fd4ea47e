import { normalizeForSearch } from "../../server/src/features/catalogue/search-text";
import { vocabulary } from "./synthetic-catalogue";

/*
 * Typing slips for the search and suggestion mixes (design.md §7.5: typos are forgiven, so the
 * benchmark measures searches that carry them). The first letter is never touched: readers
 * seldom get it wrong, and a word that starts wrong is a different search, not a slip.
 */

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

const SLIPS = ["doubled", "dropped", "swapped", "replaced"] as const;
type Slip = (typeof SLIPS)[number];

const LETTERS = [..."abcdefghijklmnopqrstuvwxyz"];

/** Words shorter than this are left alone: too short for a slip to read as one. */
export const MISSPELLABLE_LENGTH = 5;

/** Every word of the generated titles and authors, as stored for search. */
const catalogueWords = new Set(
  Object.values(vocabulary).flatMap((words) => words.map(normalizeForSearch)),
);

/** Only letters (no apostrophe, as in O'Hara) and long enough to misspell. */
export const misspellable = (word: string) =>
  /^\p{L}+$/u.test(word) && [...word].length >= MISSPELLABLE_LENGTH;

/** A letter other than `letter`. */
const otherLetter = (letter: string) => pick(LETTERS.filter((l) => l !== letter));

function slip(letters: string[], kind: Slip): string[] {
  // Positions 1..length-1: the first letter stays.
  const at = 1 + Math.floor(Math.random() * (letters.length - 1));
  const out = [...letters];
  switch (kind) {
    case "doubled":
      out.splice(at, 0, letters[at]!);
      break;
    case "dropped":
      out.splice(at, 1);
      break;
    case "swapped": {
      const left = Math.min(at, letters.length - 2);
      [out[left], out[left + 1]] = [letters[left + 1]!, letters[left]!];
      break;
    }
    case "replaced":
      out[at] = otherLetter(letters[at]!);
      break;
  }
  return out;
}

/**
 * `word` (lower case, 5+ letters) with one letter doubled, dropped, swapped with its neighbour
 * or replaced; never the word itself nor another word of the catalogue.
 */
export function misspell(word: string): string {
  if (!misspellable(word)) throw new Error(`"${word}" is too short to misspell`);
  const letters = [...word];
  for (;;) {
    const typo = slip(letters, pick(SLIPS)).join("");
    if (typo !== word && !catalogueWords.has(normalizeForSearch(typo))) return typo;
  }
}

/**
 * What a reader has typed of `word` (5+ letters) when a finger slipped: its first 4 or 5
 * letters with one of them (not the first) wrong, so that no word of the catalogue starts so.
 */
export function misspeltPrefix(word: string): string {
  if (!misspellable(word)) throw new Error(`"${word}" is too short to misspell`);
  const letters = [...word].slice(0, 4 + Math.floor(Math.random() * 2));
  for (;;) {
    const typo = slip(letters, "replaced").join("");
    const typed = normalizeForSearch(typo);
    if (![...catalogueWords].some((known) => known.startsWith(typed))) return typo;
  }
}
