interface ImportMetaEnv {
  readonly VITE_SOURCE_URL?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  /** names the build (a commit, a deploy number); the page shows it as <html data-build> */
  readonly VITE_BUILD_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
