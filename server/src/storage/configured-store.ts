import type { Config } from "../config";
import { FileContentStore, type ContentStore } from "./content-store";
import type { S3StoreSettings } from "./s3-content-store";

/**
 * The bucket's store, loaded at its first use: the AWS SDK adds about 20 MB to a process, which
 * a shop keeping its books in a folder (the embedded default) should not carry.
 */
function s3StoreLoadedOnUse(settings: S3StoreSettings): ContentStore {
  let loaded: Promise<ContentStore> | undefined;
  const store = () =>
    (loaded ??= import("./s3-content-store").then(
      ({ S3ContentStore }) => new S3ContentStore(settings),
    ));
  return {
    has: async (key) => (await store()).has(key),
    get: async (key) => (await store()).get(key),
    put: async (key, data) => (await store()).put(key, data),
    delete: async (key) => (await store()).delete(key),
    stat: async (key) => (await store()).stat(key),
    stream: async (key, range) => (await store()).stream(key, range),
    list: async (prefix) => (await store()).list(prefix),
    check: async () => (await store()).check(),
  };
}

/** The content store CONTENT_STORE names: a folder (DATA_DIR/content by default) or a bucket. */
export function contentStoreOf(config: Pick<Config, "contentStore">): ContentStore {
  const settings = config.contentStore;
  return settings.kind === "dir"
    ? new FileContentStore(settings.dir)
    : s3StoreLoadedOnUse(settings);
}
