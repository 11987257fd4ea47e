import { z } from "zod";
import { idSchema, wireIdSchema } from "./common";

export const READ_NOT_BORROWED = "You need to borrow this book first before reading it";
export const CONTENT_URL_MINUTES = 10;

export const contentRequestSchema = z.object({ bookId: idSchema });
export const contentResponseSchema = z.object({
  state: z.literal("success"),
  /** a link to the book's EPUB, signed for this reader and book, valid 10 minutes */
  contentURL: z.string(),
  expiresAt: z.string(),
});
export type ContentResponse = z.infer<typeof contentResponseSchema>;

export const contentFileParamsSchema = z.object({
  file: z.string().regex(/^[1-9]\d{0,9}\.epub$/, { error: "must be <bookId>.epub" }),
});
export const contentFileQuerySchema = z.object({
  u: z.string().max(64).optional(),
  n: z.string().max(20).optional(),
  e: z.string().max(20).optional(),
  s: z.string().max(128).optional(),
});

export const progressRequestSchema = z.object({
  bookId: idSchema,
  locator: z
    .string({ error: "must be text" })
    .min(1, { error: "is required" })
    .max(4000, { error: "must be at most 4000 characters" }),
  percentage: z
    .number({ error: "must be a number from 0 to 100" })
    .min(0, { error: "must be a number from 0 to 100" })
    .max(100, { error: "must be a number from 0 to 100" }),
});
export type ProgressRequest = z.infer<typeof progressRequestSchema>;

export const progressQuerySchema = z.object({ bookId: idSchema });
export const progressSchema = z.object({
  state: z.literal("success"),
  bookId: wireIdSchema,
  /** null when the reader has not opened the book yet */
  locator: z.string().nullable(),
  percentage: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type Progress = z.infer<typeof progressSchema>;

/** Every book the caller has opened, for lists that show how far they have read. */
export const progressListSchema = z.object({
  state: z.literal("success"),
  progress: z.array(
    z.object({ bookId: wireIdSchema, percentage: z.number(), updatedAt: z.string() }),
  ),
});
export type ProgressList = z.infer<typeof progressListSchema>;

// ---------------------------------------------------------------------------------------------
// The publication (design.md §7.3): a borrowed book as a Readium Web Publication.

/**
 * How long a publication link lives. Every request under it checks the signature, the session
 * and the loan again, so a link that outlives its loan or its session serves nothing.
 */
export const PUBLICATION_LINK_HOURS = 12;

export const publicationRequestSchema = z.object({ bookId: idSchema });
export const publicationLinkSchema = z.object({
  state: z.literal("success"),
  /**
   * The publication's manifest (`…/manifest.json`), signed for this reader, session and book.
   * Its resources, and `…/positions.json` (the Readium positions list), are beside it: a
   * resource's href in the manifest resolves against this URL.
   */
  manifestURL: z.string(),
  expiresAt: z.string(),
  /** When the loan falls due: an offline copy may not be opened after it. */
  dueAt: z.string(),
});
export type PublicationLink = z.infer<typeof publicationLinkSchema>;

/** The path a publication link's segments arrive in: `/api/publications/:bookId/:grant/*`. */
export const publicationParamsSchema = z.object({
  bookId: idSchema,
  grant: z.string().max(200),
  "*": z.string().max(1000),
});

// ---------------------------------------------------------------------------------------------
// Annotations: bookmarks and highlights, kept by the server, outliving the loan.

export const ANNOTATION_KINDS = ["bookmark", "highlight"] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];
export const HIGHLIGHT_COLORS = ["yellow", "green", "blue", "pink"] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];
export const ANNOTATION_NOTE_MAX = 2000;
export const ANNOTATION_TEXT_MAX = 2000;
/** A reader keeps at most this many annotations in one book. */
export const ANNOTATIONS_PER_BOOK = 1000;
export const ANNOTATION_LIMIT_MESSAGE = `You can keep at most ${ANNOTATIONS_PER_BOOK} bookmarks and highlights in one book.`;

const shortText = (max: number) =>
  z.string({ error: "must be text" }).max(max, { error: `must be at most ${max} characters` });

/** A Readium locator (readium/architecture, models/locators): where in the book, and what text. */
export const locatorSchema = z.object({
  href: shortText(1000).min(1, { error: "is required" }),
  type: shortText(100),
  title: shortText(500).optional(),
  locations: z
    .object({
      progression: z.number().min(0).max(1).optional(),
      position: z.number().int().min(1).optional(),
      totalProgression: z.number().min(0).max(1).optional(),
      fragments: z.array(shortText(500)).max(20).optional(),
      cssSelector: shortText(2000).optional(),
    })
    .optional(),
  text: z
    .object({
      before: shortText(500).optional(),
      highlight: shortText(ANNOTATION_TEXT_MAX).optional(),
      after: shortText(500).optional(),
    })
    .optional(),
});
export type ReadiumLocator = z.infer<typeof locatorSchema>;

export const annotationSchema = z.object({
  id: wireIdSchema,
  bookId: wireIdSchema,
  kind: z.enum(ANNOTATION_KINDS),
  locator: locatorSchema,
  /** the highlighted words (a bookmark: the first words of its page), or null */
  text: z.string().nullable(),
  note: z.string().nullable(),
  /** a highlight's colour; null for a bookmark */
  color: z.enum(HIGHLIGHT_COLORS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Annotation = z.infer<typeof annotationSchema>;

export const annotationsQuerySchema = z.object({ bookId: idSchema });
export const annotationListSchema = z.object({
  state: z.literal("success"),
  /** in reading order: by position in the book, then by when they were made */
  annotations: z.array(annotationSchema),
});
export type AnnotationList = z.infer<typeof annotationListSchema>;

const noteSchema = shortText(ANNOTATION_NOTE_MAX)
  .transform((note) => note.trim() || null)
  .nullable();

export const createAnnotationSchema = z.object({
  bookId: idSchema,
  kind: z.enum(ANNOTATION_KINDS, { error: "must be bookmark or highlight" }),
  locator: locatorSchema,
  text: shortText(ANNOTATION_TEXT_MAX).optional(),
  note: noteSchema.optional(),
  color: z
    .enum(HIGHLIGHT_COLORS, { error: `must be one of ${HIGHLIGHT_COLORS.join(", ")}` })
    .optional(),
  /**
   * The client's own id for this annotation (a UUID), so that one made offline and sent twice
   * is kept once: a second create with the same clientId answers the first annotation.
   */
  clientId: z.uuid({ error: "must be a UUID" }).optional(),
});
export type CreateAnnotation = z.input<typeof createAnnotationSchema>;

export const updateAnnotationSchema = z.object({
  id: idSchema,
  note: noteSchema.optional(),
  color: z
    .enum(HIGHLIGHT_COLORS, { error: `must be one of ${HIGHLIGHT_COLORS.join(", ")}` })
    .optional(),
});
export type UpdateAnnotation = z.input<typeof updateAnnotationSchema>;
export const deleteAnnotationSchema = z.object({ id: idSchema });
export const deleteAnnotationResponseSchema = z.object({ state: z.literal("success") });
export const annotationResponseSchema = z.object({
  state: z.literal("success"),
  annotation: annotationSchema,
});

// ---------------------------------------------------------------------------------------------
// Reader preferences: one set per reader, the same on every device.

export const READER_FONTS = ["publisher", "serif", "sans", "dyslexic"] as const;
export const READER_THEMES = ["system", "light", "sepia", "dark"] as const;
export const READER_LAYOUTS = ["paginated", "scrolled"] as const;
export const READER_MARGINS = ["narrow", "normal", "wide"] as const;
export const READER_TEXT_ALIGNS = ["publisher", "start", "justify"] as const;

const between = (min: number, max: number) =>
  z
    .number({ error: `must be a number from ${min} to ${max}` })
    .min(min, { error: `must be a number from ${min} to ${max}` })
    .max(max, { error: `must be a number from ${min} to ${max}` });
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(", ")}` });

/** How many books keep their own layout and text size; the reader's app keeps the newest. */
export const MAX_BOOK_PREFERENCES = 500;

const fontSizeSchema = between(0.75, 2.5);
const layoutSchema = oneOf(READER_LAYOUTS);

/** What a reader sets for one book alone; what it leaves out follows the reader's own set. */
export const bookPreferencesSchema = z.object({
  fontSize: fontSizeSchema.optional(),
  layout: layoutSchema.optional(),
});
export type BookPreferences = z.infer<typeof bookPreferencesSchema>;

export const readerPreferencesSchema = z.object({
  /** 1 is the book's own size */
  fontSize: fontSizeSchema,
  fontFamily: oneOf(READER_FONTS),
  lineHeight: between(1, 2.4),
  margins: oneOf(READER_MARGINS),
  theme: oneOf(READER_THEMES),
  layout: layoutSchema,
  /** "publisher" keeps the book's own; "justify" also hyphenates; absent is "publisher" */
  textAlign: oneOf(READER_TEXT_ALIGNS).optional(),
  /** each book's own layout and text size, by book id; absent is none */
  books: z
    .record(wireIdSchema, bookPreferencesSchema, {
      error: (issue) => (issue.code === "invalid_key" ? "must be keyed by book ids" : undefined),
    })
    .refine((books) => Object.keys(books).length <= MAX_BOOK_PREFERENCES, {
      error: `must hold at most ${MAX_BOOK_PREFERENCES} books`,
    })
    .optional(),
});
export type ReaderPreferences = z.infer<typeof readerPreferencesSchema>;

export const DEFAULT_READER_PREFERENCES: ReaderPreferences = {
  fontSize: 1,
  fontFamily: "publisher",
  lineHeight: 1.5,
  margins: "normal",
  theme: "system",
  layout: "paginated",
  textAlign: "publisher",
};

export const readerPreferencesRequestSchema = z.object({ preferences: readerPreferencesSchema });
export const readerPreferencesResponseSchema = z.object({
  state: z.literal("success"),
  /** null until the reader first changes a setting */
  preferences: readerPreferencesSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type ReaderPreferencesResponse = z.infer<typeof readerPreferencesResponseSchema>;
