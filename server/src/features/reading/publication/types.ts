// The shapes of a Readium Web Publication as this server writes them
// (https://readium.org/webpub-manifest/, and the positions list of Readium's positions service).

export interface ManifestLink {
  href: string;
  type?: string;
  title?: string;
  rel?: string | string[];
  properties?: Record<string, string>;
  children?: ManifestLink[];
}

export interface ManifestMetadata {
  "@type": "http://schema.org/Book";
  conformsTo: "https://readium.org/webpub-manifest/profiles/epub";
  title: string;
  author?: string | string[];
  language?: string | string[];
  identifier?: string;
  modified?: string;
  publisher?: string;
  description?: string;
  layout: "reflowable" | "fixed";
  /** absent when the book does not say: readers then go by its language */
  readingProgression?: "ltr" | "rtl";
}

export interface WebPubManifest {
  "@context": "https://readium.org/webpub-manifest/context.jsonld";
  metadata: ManifestMetadata;
  links: ManifestLink[];
  readingOrder: ManifestLink[];
  resources: ManifestLink[];
  toc: ManifestLink[];
}

export interface PositionLocator {
  href: string;
  type: string;
  title?: string;
  locations: { progression: number; position: number; totalProgression: number };
}

export interface PositionList {
  total: number;
  positions: PositionLocator[];
}

export interface Publication {
  manifest: WebPubManifest;
  positions: PositionList;
}

export const MANIFEST_TYPE = "application/webpub+json";
export const POSITIONS_TYPE = "application/vnd.readium.position-list+json";
