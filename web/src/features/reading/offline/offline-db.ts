/**
 * The one IndexedDB database of offline reading, shared by the page and the service worker:
 * the worker reads a copy's due date here, which localStorage could not give it.
 * - books: one record per downloaded book (key: bookId)
 * - queue: reading writes waiting for the network, in the order they were made (auto keys)
 * - annotation-ids: the server's id of each annotation made offline (key: clientId)
 */
export const OFFLINE_DB_NAME = "folio-offline";
const OFFLINE_DB_VERSION = 1;

export type OfflineStoreName = "books" | "queue" | "annotation-ids";

export interface OfflineDb {
  get<T>(store: OfflineStoreName, key: IDBValidKey): Promise<T | undefined>;
  all<T>(store: OfflineStoreName): Promise<T[]>;
  /** Every value with its key, in key order (the queue's order). */
  entries<T>(store: OfflineStoreName): Promise<{ key: number; value: T }[]>;
  put(store: OfflineStoreName, value: unknown): Promise<void>;
  remove(store: OfflineStoreName, key: IDBValidKey): Promise<void>;
  clear(store: OfflineStoreName): Promise<void>;
  /**
   * Runs `work` in one read-write transaction: it sees and changes the stores together or not
   * at all. `work` must only queue requests on the transaction, never await anything else.
   */
  change(stores: OfflineStoreName[], work: (tx: IDBTransaction) => void): Promise<void>;
}

export function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const request = factory.open(name, OFFLINE_DB_VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains("books"))
      db.createObjectStore("books", { keyPath: "bookId" });
    if (!db.objectStoreNames.contains("queue")) {
      db.createObjectStore("queue", { autoIncrement: true });
    }
    if (!db.objectStoreNames.contains("annotation-ids")) {
      db.createObjectStore("annotation-ids", { keyPath: "clientId" });
    }
  };
  return requestDone(request).then((db) => {
    // A later version opened in another tab must not wait for this one to close.
    db.onversionchange = () => db.close();
    return db;
  });
}

/** Opens the database on first use; a failed open is tried again on the next call. */
export function openOfflineDb(
  factory: IDBFactory = globalThis.indexedDB,
  name: string = OFFLINE_DB_NAME,
): OfflineDb {
  let opening: Promise<IDBDatabase> | null = null;
  const database = () => {
    opening ??= openDatabase(factory, name).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };

  async function read<T>(
    store: OfflineStoreName,
    ask: (objects: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> {
    const db = await database();
    return requestDone(ask(db.transaction(store, "readonly").objectStore(store)));
  }

  async function change(stores: OfflineStoreName[], work: (tx: IDBTransaction) => void) {
    const db = await database();
    const tx = db.transaction(stores, "readwrite");
    const done = transactionDone(tx);
    try {
      work(tx);
    } catch (error) {
      tx.abort();
      await done.catch(() => undefined);
      throw error;
    }
    await done;
  }

  return {
    get: <T>(store: OfflineStoreName, key: IDBValidKey) =>
      read(store, (objects) => objects.get(key) as IDBRequest<T | undefined>),
    all: <T>(store: OfflineStoreName) =>
      read(store, (objects) => objects.getAll() as IDBRequest<T[]>),
    entries: async <T>(store: OfflineStoreName) => {
      const db = await database();
      const objects = db.transaction(store, "readonly").objectStore(store);
      const [keys, values] = await Promise.all([
        requestDone(objects.getAllKeys()),
        requestDone(objects.getAll() as IDBRequest<T[]>),
      ]);
      return keys.map((key, i) => ({ key: key as number, value: values[i]! }));
    },
    put: (store, value) => change([store], (tx) => tx.objectStore(store).put(value)),
    remove: (store, key) => change([store], (tx) => tx.objectStore(store).delete(key)),
    clear: (store) => change([store], (tx) => tx.objectStore(store).clear()),
    change,
  };
}
