import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited: its code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  kill(signal: NodeJS.Signals): void;
}

/**
 * Starts the built server (`dist/server.js`, as `npm start` runs it; `npm run test:ops` builds it
 * first) as a real process on its own port and waits until /api/health answers 200.
 */
export async function startServer(options: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ["dist/server.js"], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      PUBLIC_URL: url,
      DATABASE_URL: options.databaseUrl,
      DB_POOL_MAX: "10",
      WEB_DIST: "/nonexistent",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "100000",
      BETTER_AUTH_SECRET: OPS_SECRET,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (gone) throw new Error(`server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server not ready within 30 s:\n${output}`);
    }
    const res = await fetch(`${url}/api/health`).catch(() => undefined);
    if (res?.status === 200) break;
    await sleep(100);
  }
  return {
    url,
    child,
    exited,
    output: () => output,
    kill: (signal) => {
      if (!gone) child.kill(signal);
    },
  };
}

/** The auth secret every ops server shares with the in-test app that writes sessions. */
export const OPS_SECRET = "ops-secret-ops-secret-ops-secret-1234";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Outcome =
  | { kind: "answered"; status: number; body: string; replayed: boolean }
  | { kind: "failed"; error: string };

/** One browser-like request to a spawned server: same origin, the member's cookie. */
export async function call(
  url: string,
  cookie: string,
  method: "GET" | "POST",
  route: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<Outcome> {
  try {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: {
        origin: url,
        cookie,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(20_000),
    });
    return {
      kind: "answered",
      status: res.status,
      body: await res.text(),
      replayed: res.headers.get("idempotent-replayed") === "true",
    };
  } catch (error) {
    return { kind: "failed", error: String((error as Error).cause ?? error) };
  }
}
