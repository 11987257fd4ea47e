/** Set per deployment (VITE_SOURCE_URL, VITE_CONTACT_EMAIL); the defaults suit local runs. */
export const SOURCE_CODE_URL: string =
  import.meta.env.VITE_SOURCE_URL ?? "https://github.com/folio-books/folio";
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL ?? "help@folio.example";
