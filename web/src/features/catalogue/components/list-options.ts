import type { BookSort } from "@folio/contract/catalogue";
import type { WireId } from "@folio/contract/common";
import { useSearchParams } from "react-router";
import { parseRouteId } from "../../../lib/route-id";
import type { PopularListing } from "../api/catalogue-api";

/** The sorts a list offers, its default first. */
export type ListSorts = readonly [BookSort, ...BookSort[]];

/** The least ratings offered, beside "Any". */
export const MIN_RATINGS = [4, 3, 2] as const;

/** What a reader chose for a list; the URL carries it so a list can be shared and Back works. */
export interface ListOptions {
  sort: BookSort;
  available: boolean;
  minRating: number | null;
  categoryId: WireId | null;
}

const PARAMS = {
  sort: "sort",
  available: "available",
  minRating: "minRating",
  categoryId: "categoryId",
} as const;

/** Anything the URL holds that the list does not offer reads as the default. */
export function readListOptions(params: URLSearchParams, sorts: ListSorts): ListOptions {
  const sort = sorts.find((offered) => offered === params.get(PARAMS.sort)) ?? sorts[0];
  const minRating = MIN_RATINGS.find((offered) => String(offered) === params.get(PARAMS.minRating));
  return {
    sort,
    available: params.get(PARAMS.available) === "true",
    minRating: minRating ?? null,
    categoryId: parseRouteId(params.get(PARAMS.categoryId)),
  };
}

/** The URL's other parameters (a search's terms) stay; defaults are left out. */
export function writeListOptions(
  params: URLSearchParams,
  options: ListOptions,
  sorts: ListSorts,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | null) => {
    if (value === null) next.delete(name);
    else next.set(name, value);
  };
  put(PARAMS.sort, options.sort === sorts[0] ? null : options.sort);
  put(PARAMS.available, options.available ? "true" : null);
  put(PARAMS.minRating, options.minRating === null ? null : String(options.minRating));
  put(PARAMS.categoryId, options.categoryId);
  return next;
}

/** The request's share of the options: the defaults stay out, as a list nobody sorted asks. */
export function listingOf(options: ListOptions, sorts: ListSorts): PopularListing {
  const listing: PopularListing = {};
  if (options.sort !== sorts[0]) listing.sort = options.sort;
  if (options.available) listing.available = true;
  if (options.minRating !== null) listing.minRating = options.minRating;
  if (options.categoryId !== null) listing.categoryId = options.categoryId;
  return listing;
}

/**
 * The list options in the URL, and a change that pushes a history entry: Back restores the
 * previous choice. The list's query key follows them, so a change starts again from page 1.
 */
export function useListOptions(sorts: ListSorts) {
  const [params, setParams] = useSearchParams();
  const options = readListOptions(params, sorts);
  function change(patch: Partial<ListOptions>) {
    setParams((current) =>
      writeListOptions(current, { ...readListOptions(current, sorts), ...patch }, sorts),
    );
  }
  return { options, listing: listingOf(options, sorts), change };
}
