/** What one answer looked like, kept for the report and the assertions. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  text: string;
}

/** Counts every status the server answered, and keeps the first few 5xx to show. */
export class Tally {
  readonly statuses = new Map<number, number>();
  readonly serverErrors: string[] = [];
  /** requests cut off by a crash on purpose, or refused while the server was down */
  networkErrors = 0;
  requests = 0;

  count(method: string, url: string, answer: Answer): void {
    this.requests += 1;
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status >= 500 && this.serverErrors.length < 20)
      this.serverErrors.push(`${method} ${url} → ${answer.status} ${answer.text.slice(0, 300)}`);
  }

  get fiveHundreds(): number {
    let n = 0;
    for (const [status, count] of this.statuses) if (status >= 500) n += count;
    return n;
  }

  summary(): Record<string, number> {
    return Object.fromEntries([...this.statuses].sort(([a], [b]) => a - b).map(([s, n]) => [s, n]));
  }
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** a body sent exactly as given (bad JSON, bad UTF-8); otherwise `json` is serialised */
  raw?: string | Buffer;
  json?: unknown;
}

/** JSON over HTTP to one server, counting every answer in `tally`. */
export class Api {
  constructor(
    readonly base: string,
    readonly tally = new Tally(),
  ) {}

  async call<T = Record<string, unknown>>(
    method: string,
    url: string,
    options: CallOptions = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Buffer | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.json !== undefined) body = JSON.stringify(options.json);
    if (body !== undefined) headers["content-type"] ??= "application/json";
    let response: Response;
    try {
      response = await fetch(this.base + url, { method, headers, body });
    } catch (error) {
      this.tally.networkErrors += 1;
      throw error;
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const answer = { status: response.status, body: parsed as T, text };
    this.tally.count(method, url, answer);
    return answer;
  }

  get<T = Record<string, unknown>>(url: string, token?: string) {
    return this.call<T>("GET", url, token ? { token } : {});
  }

  post<T = Record<string, unknown>>(
    url: string,
    json?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ) {
    return this.call<T>("POST", url, {
      json: json ?? {},
      ...(token ? { token } : {}),
      ...(headers ? { headers } : {}),
    });
  }
}

export interface Reader {
  email: string;
  password: string;
  name: string;
  token: string;
  id: string;
}

let readerCount = 0;

/** Registers a reader and logs in; the suite runs with AUTH_RATE_LIMIT=0 unless it tests it. */
export async function newReader(api: Api, topUpPounds = 0): Promise<Reader> {
  readerCount += 1;
  const tag = `${process.pid}-${Date.now().toString(36)}-${readerCount}`;
  const reader = {
    email: `reader-${tag}@example.com`,
    password: "correct horse 42",
    name: `Reader ${tag}`,
  };
  const registered = await api.post<{ UUID: string }>("/api/users/register", reader);
  if (registered.status !== 200)
    throw new Error(`register: ${registered.status} ${registered.text}`);
  const login = await api.post<{ token: string }>("/api/auth/login", {
    email: reader.email,
    password: reader.password,
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  if (topUpPounds > 0) {
    const topUp = await api.post("/api/payments/topup", { amount: topUpPounds }, login.body.token);
    if (topUp.status !== 200) throw new Error(`top-up: ${topUp.status} ${topUp.text}`);
  }
  return { ...reader, token: login.body.token, id: registered.body.UUID };
}

/** `count` new readers with £30 each, registered eight at a time, in turn through `apis`. */
export function newReaders(apis: Api[], count: number): Promise<Reader[]> {
  return inBatches(
    Array.from({ length: count }, (_, i) => i),
    8,
    (i) => newReader(apis[i % apis.length]!, 30),
  );
}

/** Runs `work` over `items` with at most `width` at a time. */
export async function inBatches<T, R>(
  items: T[],
  width: number,
  work: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}
