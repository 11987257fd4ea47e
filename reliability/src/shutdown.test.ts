import { randomBytes } from "node:crypto";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { Api, newReader } from "./harness/client";
import { recordScenario } from "./harness/report";
import { Resources } from "./harness/resources";

const use = new Resources();
afterAll(() => use.end());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One HTTP/1.1 connection written by hand, so a request can be left half sent. */
class RawConnection {
  private received = "";
  readonly closed: Promise<string>;
  private readonly socket: net.Socket;

  constructor(port: number) {
    this.socket = net.connect(port, "127.0.0.1");
    this.socket.setEncoding("latin1");
    this.socket.on("data", (chunk: string) => (this.received += chunk));
    this.closed = new Promise((resolve, reject) => {
      this.socket.on("close", () => resolve(this.received));
      this.socket.on("error", reject);
    });
  }

  write(text: string): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(text, (error) => (error ? reject(error) : resolve())),
    );
  }

  end(): void {
    this.socket.end();
  }
}

/** The status lines and bodies of the answers on one connection, in order. */
function answersIn(text: string): { status: number; body: string }[] {
  return text
    .split(/(?=HTTP\/1\.1 \d{3} )/)
    .filter(Boolean)
    .map((answer) => ({
      status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]),
      body: answer.slice(answer.indexOf("\r\n\r\n") + 4),
    }));
}

async function refusesConnections(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch {
    return true;
  }
}

describe("SIGTERM, over HTTP", () => {
  it("finishes the request in flight, takes no new connection, answers /api/ready 503 while draining, and exits 0", async () => {
    const database = await use.postgres({ seeded: true });
    const dir = await use.dataDir({ seeded: "postgres" });
    const server = await use.server(
      { dataDir: dir.dataDir, databaseUrl: database.url, secret: randomBytes(32).toString("hex") },
      "shutdown",
    );
    const api = new Api(server.base);
    const reader = await newReader(api);
    expect((await api.get("/api/ready")).status).toBe(200);

    // A login whose body is still arriving when the signal comes: in flight, not idle.
    const body = JSON.stringify({ email: reader.email, password: reader.password });
    const half = Math.floor(body.length / 2);
    const connection = new RawConnection(server.port);
    await connection.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
    );
    await pause(300);
    const stopped = server.stop();
    await pause(500);
    const refused = await refusesConnections(server.base);

    // The rest of the login, then a readiness probe on the same connection, behind it.
    await connection.write(
      `${body.slice(half)}GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    const received = await Promise.race([
      connection.closed,
      pause(10_000).then(() => "(no answer within 10 s)"),
    ]);
    connection.end();
    const answers = answersIn(received);
    const exitCode = await stopped;

    expect(refused).toBe(true);
    expect(answers.map((answer) => answer.status)).toEqual([200, 503]);
    const login = JSON.parse(answers[0]!.body) as { token?: unknown };
    expect(typeof login.token).toBe("string");
    expect(exitCode).toBe(0);
    expect(await server.errorLines()).toEqual([]);
    recordScenario("shutdown: SIGTERM drains", {
      inFlightAnswered: answers[0]?.status === 200 ? 1 : 0,
      newConnectionsRefused: refused ? 1 : 0,
      readyWhileDraining: answers[1]?.status ?? 0,
      exitCode: exitCode ?? -1,
    });
  });
});
