import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The newest PostgreSQL server binaries installed (Debian's layout), or undefined. */
function binDir(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

function postgresUid(): { uid: number; gid: number } | undefined {
  const r = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const g = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  return r.status === 0 && g.status === 0
    ? { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) }
    : undefined;
}

/** Why a throwaway cluster cannot be made here (else undefined). */
export function throwawaySkipReason(): string | undefined {
  if (!binDir()) return "no PostgreSQL server binaries in /usr/lib/postgresql/*/bin";
  if (process.getuid?.() !== 0) return "needs root (to run initdb as the postgres user)";
  if (!postgresUid()) return "no postgres OS user";
  return undefined;
}

/**
 * A PostgreSQL cluster of its own (initdb into a temp dir, as the `postgres` OS user) on `port`,
 * for drills that stop and start the database: never the shared server on 5432.
 */
export function throwawayPostgres(port: number) {
  const bin = binDir() as string;
  const owner = postgresUid() as { uid: number; gid: number };
  const dir = mkdtempSync(path.join(tmpdir(), "vv-ops-pg-"));
  chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, "data");
  const run = (tool: string, args: string[]) => {
    const r = spawnSync("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args], {
      encoding: "utf8",
      timeout: 60_000,
    });
    if (r.status !== 0) throw new Error(`${tool} failed: ${r.stdout}${r.stderr}`);
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (...args: string[]) =>
    run("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-w", "-t", "30", ...args]);
  return {
    url: (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => pgCtl("-o", options, "start"),
    /** Fast shutdown: sessions are ended, transactions in progress roll back. */
    stop: () => pgCtl("-m", "fast", "stop"),
    destroy: () => {
      try {
        pgCtl("-m", "immediate", "stop");
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
