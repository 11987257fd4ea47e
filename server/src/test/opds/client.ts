// A real OPDS client's parser: Readium's r2-opds-js, which Thorium Reader uses to read
// catalogues. It maps OPDS 2.0 JSON onto typed objects and turns OPDS 1.x Atom into the same
// OPDS 2.0 model, as Thorium does before showing a feed. Loose on purpose: a document it cannot
// read comes back with fields missing, which the tests then notice.
import { type Document, DOMParser } from "@xmldom/xmldom";
import { TaJsonDeserialize } from "r2-lcp-js/dist/es8-es2017/src/serializable.js";
import {
  convertOpds1ToOpds2,
  convertOpds1ToOpds2_EntryToPublication,
} from "r2-opds-js/dist/es8-es2017/src/opds/converter.js";
import {
  initGlobalConverters_GENERIC,
  initGlobalConverters_OPDS,
} from "r2-opds-js/dist/es8-es2017/src/opds/init-globals.js";
import { OPDS } from "r2-opds-js/dist/es8-es2017/src/opds/opds1/opds.js";
import { Entry } from "r2-opds-js/dist/es8-es2017/src/opds/opds1/opds-entry.js";
import { OPDSFeed } from "r2-opds-js/dist/es8-es2017/src/opds/opds2/opds2.js";
import { OPDSAuthenticationDoc } from "r2-opds-js/dist/es8-es2017/src/opds/opds2/opds2-authentication-doc.js";
import { OPDSPublication } from "r2-opds-js/dist/es8-es2017/src/opds/opds2/opds2-publication.js";
import { XML } from "r2-utils-js/dist/es8-es2017/src/_utils/xml-js-mapper/index.js";

export type { OPDS, Entry, OPDSFeed, OPDSPublication, OPDSAuthenticationDoc };

// Thorium registers these once at start-up; without them dates and media types stay raw.
initGlobalConverters_OPDS();
initGlobalConverters_GENERIC();

function parseXml(xml: string, root: "feed" | "entry"): Document {
  const document = new DOMParser().parseFromString(xml, "application/xml");
  const name = document.documentElement?.localName;
  if (name !== root) throw new Error(`expected an Atom <${root}>, found <${name}>`);
  return document;
}

/** An OPDS 1.x Atom feed, as parsed and as Thorium converts it to the OPDS 2.0 model. */
export function parseOpds1(xml: string): { opds1: OPDS; opds2: OPDSFeed } {
  const opds1 = XML.deserialize<OPDS>(parseXml(xml, "feed"), OPDS);
  return { opds1, opds2: convertOpds1ToOpds2(opds1) };
}

/** An OPDS 1.x Atom entry document (what a borrow or an entry's own link answers). */
export function parseOpds1Entry(xml: string): { entry: Entry; publication: OPDSPublication } {
  const entry = XML.deserialize<Entry>(parseXml(xml, "entry"), Entry);
  return { entry, publication: convertOpds1ToOpds2_EntryToPublication(entry) };
}

/** An OPDS 2.0 feed (application/opds+json). */
export function parseOpds2(json: unknown): OPDSFeed {
  return TaJsonDeserialize(json, OPDSFeed);
}

/** An OPDS 2.0 publication document (application/opds-publication+json). */
export function parseOpds2Publication(json: unknown): OPDSPublication {
  return TaJsonDeserialize(json, OPDSPublication);
}

/** An OPDS authentication document (application/opds-authentication+json). */
export function parseOpdsAuthentication(json: unknown): OPDSAuthenticationDoc {
  return TaJsonDeserialize(json, OPDSAuthenticationDoc);
}
