import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CATALOGUE_QUERY_ROOT } from "../../../lib/catalogue-query-keys";
import {
  createBook,
  createCategory,
  fetchBooks,
  fetchCategories,
  replaceBookFile,
  restoreBook,
  retireBook,
  updateBook,
  updateCategory,
  uploadEpub,
  type BooksQuery,
} from "../api/catalogue-api";
import { ADMIN_STALE_MS, adminKeys } from "./admin-keys";

export function useAdminBooks(query: BooksQuery) {
  return useQuery({
    queryKey: adminKeys.bookList(query),
    queryFn: ({ signal }) => fetchBooks(query, signal),
    staleTime: ADMIN_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useAdminCategories() {
  return useQuery({
    queryKey: adminKeys.categories(),
    queryFn: ({ signal }) => fetchCategories(signal),
    staleTime: ADMIN_STALE_MS,
  });
}

/**
 * After a change to the catalogue: the console's lists, the overview's counts, the hold queues,
 * and the shop's own pages this browser may have cached.
 */
function useCatalogueChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.books() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.categories() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.overview() });
    // Copies added serve the queues.
    void queryClient.invalidateQueries({ queryKey: adminKeys.holds() });
    void queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_ROOT });
  };
}

export function useUploadEpub() {
  return useMutation({ mutationFn: (file: File) => uploadEpub(file) });
}

export function useCreateBook() {
  const changed = useCatalogueChanged();
  return useMutation({ mutationFn: createBook, onSuccess: changed });
}

export function useUpdateBook() {
  const changed = useCatalogueChanged();
  return useMutation({ mutationFn: updateBook, onSuccess: changed });
}

export function useReplaceBookFile() {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: ({ bookId, uploadId }: { bookId: string; uploadId: string }) =>
      replaceBookFile(bookId, uploadId),
    onSuccess: changed,
  });
}

export function useRetireBook() {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: ({ bookId, reason }: { bookId: string; reason?: string }) =>
      retireBook(bookId, reason),
    onSuccess: changed,
  });
}

export function useRestoreBook() {
  const changed = useCatalogueChanged();
  return useMutation({ mutationFn: restoreBook, onSuccess: changed });
}

export function useCreateCategory() {
  const changed = useCatalogueChanged();
  return useMutation({ mutationFn: createCategory, onSuccess: changed });
}

export function useUpdateCategory() {
  const changed = useCatalogueChanged();
  return useMutation({ mutationFn: updateCategory, onSuccess: changed });
}
