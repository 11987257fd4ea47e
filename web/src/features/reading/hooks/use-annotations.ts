import type { WireId } from "@folio/contract/common";
import type { Annotation } from "@folio/contract/reading";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import {
  createAnnotation,
  deleteAnnotation,
  updateAnnotation,
  type AnnotationChange,
  type AnnotationToCreate,
} from "../api/reading-api";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { readingMessages } from "../messages";
import { compareLocators } from "../reader-locator";
import { annotationsQuery, readingKeys } from "../reading-queries";

/** An annotation shown before the server has answered carries this id prefix. */
const PENDING_PREFIX = "pending-";

export function isPendingAnnotation(annotation: Pick<Annotation, "id">): boolean {
  return String(annotation.id).startsWith(PENDING_PREFIX);
}

type AnnotationList = Annotation[];
interface Snapshot {
  previous: AnnotationList | undefined;
}

/**
 * The reader's bookmarks and highlights in one book. Every change shows at once and is undone
 * if the server refuses it (with a toast); the list stays in book order.
 */
export function useAnnotations(bookId: WireId | null, readingOrder: readonly string[]) {
  const queryClient = useQueryClient();
  const key = readingKeys.annotations(bookId ?? "none");
  const query = useQuery({ ...annotationsQuery(bookId ?? "none"), enabled: bookId !== null });

  const sorted = useCallback(
    (list: AnnotationList) =>
      [...list].sort((a, b) => compareLocators(a.locator, b.locator, readingOrder)),
    [readingOrder],
  );

  async function snapshot(): Promise<Snapshot> {
    await queryClient.cancelQueries({ queryKey: key });
    return { previous: queryClient.getQueryData<AnnotationList>(key) };
  }
  const rollback = (_error: unknown, _variables: unknown, context: Snapshot | undefined) => {
    if (context) queryClient.setQueryData(key, context.previous);
  };

  const create = useMutation({
    mutationFn: (annotation: AnnotationToCreate & { clientId: string }) =>
      createAnnotation(annotation),
    meta: { errorMessage: readingMessages.annotationFailed },
    onMutate: async (annotation) => {
      const context = await snapshot();
      const now = new Date().toISOString();
      const shown: Annotation = {
        id: `${PENDING_PREFIX}${annotation.clientId}`,
        bookId: annotation.bookId,
        kind: annotation.kind,
        locator: annotation.locator,
        text: annotation.text ?? null,
        note: annotation.note?.trim() || null,
        color: annotation.kind === "highlight" ? (annotation.color ?? "yellow") : null,
        createdAt: now,
        updatedAt: now,
      };
      queryClient.setQueryData<AnnotationList>(key, (list = []) => sorted([...list, shown]));
      return context;
    },
    onError: rollback,
    onSuccess: (saved, annotation) => {
      queryClient.setQueryData<AnnotationList>(key, (list = []) =>
        sorted(list.map((a) => (a.id === `${PENDING_PREFIX}${annotation.clientId}` ? saved : a))),
      );
    },
  });

  const update = useMutation({
    mutationFn: (change: AnnotationChange) => updateAnnotation(change),
    meta: { errorMessage: readingMessages.annotationFailed },
    onMutate: async (change) => {
      const context = await snapshot();
      queryClient.setQueryData<AnnotationList>(key, (list = []) =>
        list.map((a) =>
          String(a.id) === String(change.id)
            ? {
                ...a,
                ...(change.color !== undefined ? { color: change.color } : {}),
                ...(change.note !== undefined ? { note: change.note?.trim() || null } : {}),
              }
            : a,
        ),
      );
      return context;
    },
    onError: rollback,
    onSuccess: (saved) => {
      // null: kept for later (offline); the change shown stays until the list is read again.
      if (!saved) return;
      queryClient.setQueryData<AnnotationList>(key, (list = []) =>
        list.map((a) => (String(a.id) === String(saved.id) ? saved : a)),
      );
    },
  });

  const remove = useMutation({
    mutationFn: (id: WireId) => deleteAnnotation(id),
    meta: { errorMessage: readingMessages.annotationFailed },
    onMutate: async (id) => {
      const context = await snapshot();
      queryClient.setQueryData<AnnotationList>(key, (list = []) =>
        list.filter((a) => String(a.id) !== String(id)),
      );
      return context;
    },
    onError: rollback,
  });

  const { mutate: createMutate } = create;
  const add = useCallback(
    (annotation: AnnotationToCreate) =>
      createMutate({ ...annotation, clientId: newIdempotencyKey() }),
    [createMutate],
  );

  return {
    annotations: query.data ?? [],
    loaded: query.isSuccess,
    add,
    change: update.mutate,
    remove: remove.mutate,
  };
}
