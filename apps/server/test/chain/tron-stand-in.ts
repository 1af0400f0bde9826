import { readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Tron's HTTP API (TronGrid / a java-tron full node): it answers
 * /wallet/* and /walletsolidity/* with the fixtures in fixtures/tron/ (README.md there), and {}
 * for a transaction it does not know — as java-tron does. Nothing reaches the network.
 */
interface Fixture {
  description: string;
  txID?: string;
  responses: Record<string, unknown>;
}

const FIXTURES = new URL("./fixtures/tron/", import.meta.url);

/** Every fixture by file name (without .json). */
export function tronFixtures(): Record<string, Fixture> {
  const all: Record<string, Fixture> = {};
  for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith(".json"))) {
    all[file.replace(/\.json$/, "")] = JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8"));
  }
  return all;
}

export interface TronStandIn {
  url: string;
  /** Every request: path, body, headers (to check an API key was sent). */
  requests: { path: string; body: unknown; headers: IncomingHttpHeaders }[];
  /** Answer `path` for `txID` differently from now on (e.g. it solidified, or vanished). */
  override(txID: string, path: string, response: unknown): void;
  close(): Promise<void>;
}

export async function startTronStandIn(): Promise<TronStandIn> {
  const fixtures = tronFixtures();
  const byTx = new Map<string, Record<string, unknown>>();
  const blocks: Record<string, unknown> = {};
  for (const fixture of Object.values(fixtures)) {
    if (fixture.txID) byTx.set(fixture.txID, { ...fixture.responses });
    else Object.assign(blocks, fixture.responses);
  }
  const requests: TronStandIn["requests"] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://stand-in").pathname;
      let body: { value?: unknown } = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        res.writeHead(400, { "content-type": "application/json" }).end('{"Error":"bad json"}');
        return;
      }
      requests.push({ path, body, headers: req.headers });
      let answer: unknown;
      if (path in blocks) answer = blocks[path];
      else if (/^\/(wallet|walletsolidity)\/gettransaction(info)?byid$/.test(path)) {
        const id = String(body.value ?? "").toLowerCase();
        answer = byTx.get(id)?.[path] ?? {};
      } else {
        res.writeHead(404, { "content-type": "application/json" }).end("{}");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    override(txID, path, response) {
      const responses = byTx.get(txID) ?? {};
      responses[path] = response;
      byTx.set(txID, responses);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
