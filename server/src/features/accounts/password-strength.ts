// Which passwords a reader may choose (design.md §7.4), judged by zxcvbn-ts with its maintained
// common-password list and English dictionaries, rather than a fixed list of 10,000 that let
// "password123" and "admin123" through.
import type { DictionaryMatch, MatchExtended, ZxcvbnFactory } from "@zxcvbn-ts/core";

/** Why a password is refused: on the common-password list, guessable, or the reader's own words. */
export type PasswordWeakness = "common" | "guessable" | "personal";

/** Fewer guesses than this (zxcvbn's scores 0 and 1) is within reach of an online guesser. */
const MIN_GUESSES = 1e6;
/**
 * The estimator's time grows steeply with length and look-alike characters ("p@$$w0rd!" over and
 * over took seconds at 200); a password of 100 characters that is not weak in its first 100 is
 * not weak, and these caps keep the slowest check under a tenth of a second.
 */
const CHECKED_LENGTH = 100;
const MAX_LOOKALIKE_SUBSTITUTIONS = 10;
/** Pieces of a name or address shorter than this match too much to mean anything. */
const MIN_PERSONAL_WORD = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Loaded on the first password a reader chooses, once per process: the dictionaries take half a
 * second and 25 MB, which a process that never registers anyone (a worker, a CLI) need not pay.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(
    ([{ ZxcvbnFactory }, common, english]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        maxLength: CHECKED_LENGTH,
        l33tMaxSubstitutions: MAX_LOOKALIKE_SUBSTITUTIONS,
      }),
    (error: unknown) => {
      estimator = undefined;
      throw error;
    },
  );
  return estimator;
}

/** The reader's name and address, whole and word by word ("Ada King" is "ada", "king"...). */
function personalWords({ name, email }: { name?: string; email?: string }): string[] {
  const local = email?.split("@")[0];
  const words = [name, name?.replace(/\s+/g, ""), email, local]
    .concat([name, local].flatMap((text) => text?.split(/[^\p{L}\p{N}]+/u) ?? []))
    .filter((word): word is string => !!word && word.length >= MIN_PERSONAL_WORD);
  return [...new Set(words.map((word) => word.toLowerCase()))];
}

/** The list a dictionary match came from ("passwords-common", "userInputs"...). */
const dictionaryOf = (match: MatchExtended): string | undefined =>
  match.pattern === "dictionary" ? (match as DictionaryMatch).dictionaryName : undefined;
const onPasswordList = (match: MatchExtended) => dictionaryOf(match) === "passwords-common";

/**
 * Why `password` is too weak for the reader named `reader`, or null when it will do. A password
 * on the common list (as typed, in other case, or with look-alike characters) is "common"
 * however many guesses the estimator gives it.
 */
export async function passwordWeakness(
  password: string,
  reader: { name?: string; email?: string } = {},
): Promise<PasswordWeakness | null> {
  const { guesses, sequence } = (await zxcvbn()).check(password, personalWords(reader));
  // One match is the whole password (of its first CHECKED_LENGTH characters).
  if (sequence.length === 1 && onPasswordList(sequence[0]!)) return "common";
  if (guesses >= MIN_GUESSES) return null;
  if (sequence.some((match) => dictionaryOf(match) === "userInputs")) return "personal";
  if (sequence.some(onPasswordList)) return "common";
  return "guessable";
}
