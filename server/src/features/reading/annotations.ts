import { wireId } from "@folio/contract/common";
import {
  ANNOTATION_LIMIT_MESSAGE,
  ANNOTATIONS_PER_BOOK,
  type Annotation,
  type AnnotationKind,
  type AnnotationList,
  type HighlightColor,
  type createAnnotationSchema,
  type updateAnnotationSchema,
} from "@folio/contract/reading";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { annotations, books, type AnnotationRow } from "../../db/schema";
import { errors } from "../../errors";
import type { AuthUser } from "../accounts";
import { everBorrowed } from "../circulation";

type NewAnnotation = z.output<typeof createAnnotationSchema>;
type AnnotationChange = z.output<typeof updateAnnotationSchema>;

/** One annotation as the wire has it. */
export function presentAnnotation(row: AnnotationRow): Annotation {
  return {
    id: wireId(row.id),
    bookId: wireId(row.bookId),
    kind: row.kind as AnnotationKind,
    locator: row.locator,
    text: row.text,
    note: row.note,
    color: row.color as HighlightColor | null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function requireBook(db: Executor, bookId: number): Promise<void> {
  // Retired books count: their readers' annotations stay theirs.
  const [book] = await db.select({ id: books.id }).from(books).where(eq(books.id, bookId));
  if (!book) throw errors.bookNotFound();
}

/** The caller's bookmarks and highlights in a book, in reading order, loan or no loan. */
export async function listAnnotations(
  ctx: AppContext,
  user: AuthUser,
  bookId: number,
): Promise<AnnotationList> {
  await requireBook(ctx.db, bookId);
  const rows = await ctx.db
    .select()
    .from(annotations)
    .where(and(eq(annotations.userId, user.id), eq(annotations.bookId, bookId)))
    .orderBy(
      sql`${annotations.position} asc nulls last`,
      asc(annotations.createdAt),
      asc(annotations.id),
    );
  return { state: "success", annotations: rows.map(presentAnnotation) };
}

/**
 * Keeps a bookmark or highlight for a reader who has borrowed the book, now or before (one made
 * offline may arrive after its loan ended). The same clientId again answers the first one.
 */
export async function createAnnotation(
  ctx: AppContext,
  user: AuthUser,
  input: NewAnnotation,
): Promise<{ state: "success"; annotation: Annotation }> {
  const text = input.text?.trim() || null;
  if (input.kind === "bookmark" && input.color) throw errors.bookmarkHasNoColor();
  if (input.kind === "highlight" && !text) throw errors.highlightNeedsText();
  await requireBook(ctx.db, input.bookId);
  if (!(await everBorrowed(ctx.db, user.id, input.bookId))) throw errors.notBorrowedForReading();

  const row = await ctx.db.transaction(async (tx) => {
    // One writer per reader and book at a time, so two creates cannot both take the last place.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`annotations:${user.id}:${input.bookId}`}, 0))`,
    );
    if (input.clientId) {
      const existing = await byClientId(tx, user.id, input.clientId);
      if (existing) return sameOrRefuse(existing, input);
    }
    const [kept] = await tx
      .select({ n: count() })
      .from(annotations)
      .where(and(eq(annotations.userId, user.id), eq(annotations.bookId, input.bookId)));
    if ((kept?.n ?? 0) >= ANNOTATIONS_PER_BOOK)
      throw errors.annotationLimit(ANNOTATION_LIMIT_MESSAGE);
    const now = ctx.clock.now();
    const [made] = await tx
      .insert(annotations)
      .values({
        userId: user.id,
        bookId: input.bookId,
        kind: input.kind,
        locator: input.locator,
        text,
        note: input.note ?? null,
        color: input.kind === "highlight" ? (input.color ?? "yellow") : null,
        clientId: input.clientId ?? null,
        position: input.locator.locations?.position ?? null,
        createdAt: now,
        updatedAt: now,
      })
      // The same clientId sent for another book at the same moment holds another lock.
      .onConflictDoNothing({ target: [annotations.userId, annotations.clientId] })
      .returning();
    if (made) return made;
    return sameOrRefuse((await byClientId(tx, user.id, input.clientId!))!, input);
  });
  return { state: "success", annotation: presentAnnotation(row) };
}

async function byClientId(
  db: Executor,
  userId: string,
  clientId: string,
): Promise<AnnotationRow | undefined> {
  const [row] = await db
    .select()
    .from(annotations)
    .where(and(eq(annotations.userId, userId), eq(annotations.clientId, clientId)));
  return row;
}

/** A repeat of the create that made `existing` answers it; another use of its clientId is refused. */
function sameOrRefuse(existing: AnnotationRow, input: NewAnnotation): AnnotationRow {
  if (existing.bookId !== input.bookId || existing.kind !== input.kind)
    throw errors.annotationClientIdReused();
  return existing;
}

/** Changes the note or colour of one of the caller's annotations. */
export async function updateAnnotation(
  ctx: AppContext,
  user: AuthUser,
  input: AnnotationChange,
): Promise<{ state: "success"; annotation: Annotation }> {
  if (input.note === undefined && input.color === undefined) throw errors.nothingToUpdate();
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(annotations)
      .where(and(eq(annotations.id, input.id), eq(annotations.userId, user.id)))
      .for("update");
    if (!current) throw errors.annotationNotFound();
    if (input.color !== undefined && current.kind === "bookmark") throw errors.bookmarkHasNoColor();
    const [changed] = await tx
      .update(annotations)
      .set({
        ...(input.note !== undefined ? { note: input.note } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(annotations.id, current.id))
      .returning();
    return changed!;
  });
  return { state: "success", annotation: presentAnnotation(row) };
}

export async function deleteAnnotation(
  ctx: AppContext,
  user: AuthUser,
  id: number,
): Promise<{ state: "success" }> {
  const gone = await ctx.db
    .delete(annotations)
    .where(and(eq(annotations.id, id), eq(annotations.userId, user.id)))
    .returning({ id: annotations.id });
  if (gone.length === 0) throw errors.annotationNotFound();
  return { state: "success" };
}
