// Validates OPDS documents against the published schemas kept in ./schemas (see its README for
// where each came from): OPDS 2.0 with Ajv, OPDS 1.2 with Debian's jing. Both run offline.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DOMParser, type Element } from "@xmldom/xmldom";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

const schemasDir = fileURLToPath(new URL("schemas", import.meta.url));

export type Opds2Kind = "feed" | "publication" | "authentication";

const opds2SchemaIds: Record<Opds2Kind, string> = {
  feed: "https://drafts.opds.io/schema/feed.schema.json",
  publication: "https://drafts.opds.io/schema/publication.schema.json",
  authentication: "https://drafts.opds.io/schema/authentication.schema.json",
};

/** The acquisition relations the OPDS 2.0 publication schema lists. */
export const acquisitionRels = [
  "preview",
  "http://opds-spec.org/acquisition",
  "http://opds-spec.org/acquisition/buy",
  "http://opds-spec.org/acquisition/open-access",
  "http://opds-spec.org/acquisition/borrow",
  "http://opds-spec.org/acquisition/sample",
  "http://opds-spec.org/acquisition/subscribe",
];

function loadOpds2Validators(): Record<Opds2Kind, ValidateFunction> {
  // The schemas declare draft-07, Ajv's default dialect. Strict mode is for authoring schemas;
  // these published ones use union types and `$defs`, which it would only complain about.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  for (const folder of ["opds2", "webpub-manifest"]) {
    const files = readdirSync(path.join(schemasDir, folder), { recursive: true, encoding: "utf8" });
    for (const file of files.filter((name) => name.endsWith(".schema.json")).sort()) {
      // Added under their own `$id`, so every `$ref` resolves here and never over the network.
      ajv.addSchema(
        JSON.parse(readFileSync(path.join(schemasDir, folder, file), "utf8")) as object,
      );
    }
  }
  const compile = (id: string) => {
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`OPDS 2.0 schema ${id} is missing from ${schemasDir}`);
    return validate;
  };
  return {
    feed: compile(opds2SchemaIds.feed),
    publication: compile(opds2SchemaIds.publication),
    authentication: compile(opds2SchemaIds.authentication),
  };
}

let opds2Validators: Record<Opds2Kind, ValidateFunction> | undefined;

function describeError(error: ErrorObject): string {
  const where = error.instancePath || "/";
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "enum" && Array.isArray(params.allowedValues)) {
    const allowed = params.allowedValues as unknown[];
    if (allowed.length <= 10) {
      return `${where} ${error.message}: ${allowed.map((v) => JSON.stringify(v)).join(", ")}`;
    }
  }
  if (error.keyword === "const")
    return `${where} ${error.message}: ${JSON.stringify(params.allowedValue)}`;
  return `${where} ${error.message}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The publication schema means to require an acquisition link, but its `contains` clause does
 * not require `rel`, so any link without one satisfies it. Check what the schema intends.
 */
function missingAcquisitionLinks(publication: unknown, where: string): string[] {
  if (!isRecord(publication) || !Array.isArray(publication.links)) return [];
  const hasAcquisition = publication.links.some((link) => {
    if (!isRecord(link)) return false;
    const rels = Array.isArray(link.rel) ? (link.rel as unknown[]) : [link.rel];
    return rels.some((rel) => typeof rel === "string" && acquisitionRels.includes(rel));
  });
  return hasAcquisition
    ? []
    : [`${where}/links must contain an acquisition link (rel ${acquisitionRels.join(" | ")})`];
}

function publicationsOf(document: unknown, kind: Opds2Kind): [unknown, string][] {
  if (kind === "publication") return [[document, ""]];
  if (kind !== "feed" || !isRecord(document)) return [];
  const found: [unknown, string][] = [];
  const collect = (list: unknown, where: string) => {
    if (Array.isArray(list)) list.forEach((p, i) => found.push([p, `${where}/publications/${i}`]));
  };
  collect(document.publications, "");
  if (Array.isArray(document.groups)) {
    document.groups.forEach((group, i) => {
      if (isRecord(group)) collect(group.publications, `/groups/${i}`);
    });
  }
  return found;
}

/**
 * Validates an OPDS 2.0 feed, publication or authentication document against the published
 * JSON schemas. Answers human-readable errors, `<JSON pointer> <message>`; none when valid.
 */
export function validateOpds2(document: unknown, kind: Opds2Kind): string[] {
  opds2Validators ??= loadOpds2Validators();
  const validate = opds2Validators[kind];
  const errors = validate(document) ? [] : (validate.errors ?? []).map(describeError);
  for (const [publication, where] of publicationsOf(document, kind)) {
    errors.push(...missingAcquisitionLinks(publication, where));
  }
  return [...new Set(errors)];
}

const opds1Schema = path.join(schemasDir, "opds1", "opds.rnc");

/**
 * opds.rnc (2018-08-16) narrows atomUri with the pattern '.*[ <>{}|^`"\nrt].*', which lost the
 * backslashes before r and t: it rejects every URI holding the letter r or t
 * (opds-community/specs issue #3). This grammar includes the published one unchanged and
 * replaces only that definition with the intended one.
 */
const opds1Grammar = String.raw`include "${pathToFileURL(opds1Schema).href}" {
  atomUri = xsd:anyURI - xsd:string { pattern = '.*[ <>{}|^${"`"}"\n\r\t].*' }
}
`;

function jing(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    execFile("jing", args, { encoding: "utf8" }, (error, stdout, stderr) => {
      // A numeric code is jing's exit status; anything else means it never ran.
      if (!error) resolve({ code: 0, stdout, stderr });
      else if (typeof error.code === "number") resolve({ code: error.code, stdout, stderr });
      else {
        const hint = "jing must be installed (Debian: apt-get install jing; npm test installs it)";
        reject(new Error(hint, { cause: error }));
      }
    });
  });
}

const ATOM = "http://www.w3.org/2005/Atom";
const ELEMENT_NODE = 1;

const atomChildren = (element: Element, name: string) =>
  Array.from(element.childNodes).filter(
    (node): node is Element =>
      node.nodeType === ELEMENT_NODE &&
      (node as Element).namespaceURI === ATOM &&
      (node as Element).localName === name,
  );

const at = (element: Element) => `${element.lineNumber}:${element.columnNumber}`;

/**
 * atom.rnc states three of RFC 4287's rules as embedded Schematron, which jing does not run;
 * they are checked here, with the schema's own messages.
 */
function atomSchematronErrors(xml: string): string[] {
  let root: Element | null;
  try {
    root = new DOMParser().parseFromString(xml, "application/xml").documentElement;
  } catch {
    return []; // not well-formed: jing has said so already
  }
  if (!root || root.namespaceURI !== ATOM) return [];
  const entries = root.localName === "feed" ? atomChildren(root, "entry") : [root];
  const feedHasAuthor = root.localName === "feed" && atomChildren(root, "author").length > 0;
  const hasAuthor = (entry: Element) =>
    atomChildren(entry, "author").length > 0 ||
    atomChildren(entry, "source").some((source) => atomChildren(source, "author").length > 0);
  const errors: string[] = [];
  if (root.localName === "feed" && !feedHasAuthor && !entries.every(hasAuthor)) {
    errors.push(
      `${at(root)}: An atom:feed must have an atom:author unless all of its atom:entry children have an atom:author.`,
    );
  }
  for (const entry of entries) {
    const links = atomChildren(entry, "link");
    const alternate = links.some(
      (link) => !link.hasAttribute("rel") || link.getAttribute("rel") === "alternate",
    );
    if (!alternate && atomChildren(entry, "content").length === 0) {
      errors.push(
        `${at(entry)}: An atom:entry must have at least one atom:link element with a rel attribute of 'alternate' or an atom:content.`,
      );
    }
    if (!feedHasAuthor && !hasAuthor(entry)) {
      errors.push(`${at(entry)}: An atom:entry must have an atom:author if its feed does not.`);
    }
  }
  return errors;
}

/**
 * Validates an OPDS 1.2 (Atom) document against the OPDS 1.2 RELAX NG schema with jing, and the
 * schema's embedded Schematron rules. Answers errors as `line:column: message`; none when valid.
 */
export async function validateOpds1(xml: string): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "folio-opds1-"));
  try {
    const grammar = path.join(dir, "opds-1.2.rnc");
    const document = path.join(dir, "document.xml");
    await writeFile(grammar, opds1Grammar);
    await writeFile(document, xml);
    const result = await jing(["-c", grammar, document]);
    const errors = result.stdout
      .split("\n")
      .map((line) => line.match(/^(.*?):(\d+):(\d+): (?:error|fatal): (.*)$/))
      .filter((match): match is RegExpMatchArray => match !== null)
      .map(([, file, line, column, message]) =>
        file === document
          ? `${line}:${column}: ${message}`
          : `${file}:${line}:${column}: ${message}`,
      );
    if (result.code !== 0 && errors.length === 0) {
      throw new Error(`jing failed (exit ${result.code}): ${result.stdout}${result.stderr}`);
    }
    return [...errors, ...atomSchematronErrors(xml)];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
