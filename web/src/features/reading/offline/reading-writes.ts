import type { WireId } from "@folio/contract/common";
import type { Annotation, ReaderPreferences } from "@folio/contract/reading";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { sendOrQueue } from "./offline-reading";
import { localAnnotationId, type ReadingWrite } from "./sync-queue";

type CreateBody = Extract<ReadingWrite, { kind: "annotation-create" }>["body"];
type UpdateBody = Extract<ReadingWrite, { kind: "annotation-update" }>["body"];

/**
 * The reader's writes, each sent at once or kept until the connection is back. A kept write
 * answers as the server would have, so the reader shows the change either way. Refusals (4xx)
 * and server errors still reach the caller as ApiError.
 */
export async function saveProgressOrQueue(progress: {
  bookId: WireId;
  locator: string;
  percentage: number;
}): Promise<void> {
  await sendOrQueue({ kind: "progress", body: progress });
}

export async function savePreferencesOrQueue(preferences: ReaderPreferences): Promise<void> {
  await sendOrQueue({ kind: "preferences", body: { preferences } });
}

/**
 * Creates a bookmark or highlight. Without a clientId one is made, so a create replayed after a
 * lost reply is kept once. Kept for later, it answers an annotation with a local id
 * ("local:<clientId>"), which update and delete accept until the list is read again.
 */
export async function createAnnotationOrQueue(
  annotation: Omit<CreateBody, "clientId"> & { clientId?: string },
): Promise<Annotation> {
  const body: CreateBody = { ...annotation, clientId: annotation.clientId ?? newIdempotencyKey() };
  const outcome = await sendOrQueue({ kind: "annotation-create", body });
  if (outcome.sent) return (outcome.answer as { annotation: Annotation }).annotation;
  const at = new Date().toISOString();
  return {
    id: localAnnotationId(body.clientId),
    bookId: String(body.bookId),
    kind: body.kind,
    locator: body.locator,
    text: body.text ?? null,
    note: body.note ?? null,
    color: body.kind === "highlight" ? (body.color ?? "yellow") : null,
    createdAt: at,
    updatedAt: at,
  };
}

/** The updated annotation, or null when the change was kept for later. */
export async function updateAnnotationOrQueue(change: UpdateBody): Promise<Annotation | null> {
  const outcome = await sendOrQueue({ kind: "annotation-update", body: change });
  return outcome.sent ? (outcome.answer as { annotation: Annotation }).annotation : null;
}

export async function deleteAnnotationOrQueue(id: string): Promise<void> {
  await sendOrQueue({ kind: "annotation-delete", body: { id } });
}
