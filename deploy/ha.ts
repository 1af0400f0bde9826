// The PostgreSQL of `npm run cluster:ha`: three members on loopback, each an etcd member, a Patroni
// and the PostgreSQL it manages (Debian's `etcd-server`, `patroni`, `postgresql-15`), plus HAProxy
// routing one port to whichever member is primary and one to the streaming replicas, by Patroni's
// REST checks (`OPTIONS /primary`, `OPTIONS /replica`). Everything lives in a temporary folder:
// data directories, configs, logs; the system cluster on 5432 is never touched. As root, every
// process runs as the `postgres` OS user (PostgreSQL refuses root).
//
// The settings that decide how long a failover takes (README → Deployment, ADR 049):
//   ttl 20 s, loop_wait 2 s, retry_timeout 8 s (loop_wait + 2 × retry_timeout ≤ ttl, Patroni's rule);
//   primary_start_timeout 0: a crashed primary is failed over at once instead of restarted in place;
//   synchronous_mode: a commit is acknowledged only once a synchronous standby has it, and only a
//   synchronous standby may be promoted — an acknowledged transfer survives the primary's loss;
//   HAProxy checks every 1 s, 2 failures mark a member down and cut its sessions.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./cluster";

/** Patroni's timing (seconds); see the header. */
export const PATRONI_TIMING = { ttl: 20, loop_wait: 2, retry_timeout: 8 } as const;

export interface HaMember {
  readonly name: string;
  readonly pgPort: number;
  readonly restPort: number;
  /** Its PostgreSQL data directory (its socket lives in the folder above). */
  readonly dataDir: string;
  /** Whether its Patroni (and so its node) is running. */
  running(): boolean;
  /** The postmaster's pid from its data directory, if it runs. */
  postmasterPid(): number | undefined;
  /** SIGKILLs the postmaster only (Patroni and etcd stay): a PostgreSQL crash. */
  killPostmaster(): number | undefined;
  /** The whole node goes, as a machine would: Patroni, PostgreSQL and etcd SIGKILLed. */
  stop(): Promise<void>;
  /** Starts etcd and Patroni again on the same data (Patroni rejoins, pg_rewind if needed). */
  start(): void;
}

export interface HaCluster {
  dir: string;
  members: HaMember[];
  /** HAProxy's port to the primary and to the replicas. */
  primaryPort: number;
  replicaPort: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> through HAProxy. */
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Patroni's view of the cluster (GET /cluster on any running member). */
  state(): Promise<PatroniMember[]>;
  /** Resolves once a leader and `replicas` streaming replicas (one synchronous) are up. */
  waitHealthy(ms: number, replicas?: number): Promise<PatroniMember[]>;
  /** Resolves once every running replica has replayed the primary's current WAL position. */
  waitCaughtUp(ms: number): Promise<number>;
  stop(): Promise<void>;
}

export interface PatroniMember {
  name: string;
  role: string;
  state: string;
  port: number;
  lag?: number | string;
  timeline?: number;
}

/** uid and gid of the `postgres` OS user when running as root (PostgreSQL refuses root). */
export function postgresOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function binDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const versions = spawnSync("ls", ["/usr/lib/postgresql"], { encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean)
    .sort((a, b) => Number(b) - Number(a));
  if (!versions[0])
    throw new Error("no PostgreSQL under /usr/lib/postgresql (apt-get install postgresql-15)");
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

function requireBinary(name: string, pkg: string): string {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  if (!found) throw new Error(`${name} not found: apt-get install -y ${pkg}`);
  return found;
}

export async function startHa(
  options: {
    output?: "quiet" | "inherit";
    /** WAL archiving (archive_mode on): the command, run by the primary with `%p` in the data dir. */
    archiveCommand?: (dir: string) => string;
  } = {},
): Promise<HaCluster> {
  const patroni = requireBinary("patroni", "patroni");
  const etcd = requireBinary("etcd", "etcd-server");
  const haproxy = requireBinary("haproxy", "haproxy");
  const bin = binDir();
  const quiet = options.output !== "inherit";
  const dir = mkdtempSync(path.join(os.tmpdir(), "vv-ha-"));
  chmodSync(dir, 0o755);
  // As root, PostgreSQL (and so Patroni) must run as another user: postgres owns the folder.
  const owner = postgresOwner();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const own = (p: string) => owner && chownSync(p, owner.uid, owner.gid);

  const ports = async (n: number) => {
    const out: number[] = [];
    while (out.length < n) {
      const p = await freePort();
      if (!out.includes(p)) out.push(p);
    }
    return out;
  };
  const [primaryPort = 0, replicaPort = 0, ...rest] = await ports(2 + 3 * 4);
  const nodes = [0, 1, 2].map((i) => ({
    name: `pg${i + 1}`,
    etcdClient: rest[i * 4] as number,
    etcdPeer: rest[i * 4 + 1] as number,
    pgPort: rest[i * 4 + 2] as number,
    restPort: rest[i * 4 + 3] as number,
  }));
  const token = `vv-ha-${randomBytes(4).toString("hex")}`;
  const initialCluster = nodes.map((n) => `e${n.name}=http://127.0.0.1:${n.etcdPeer}`).join(",");
  const etcdHosts = nodes.map((n) => `127.0.0.1:${n.etcdClient}`);

  const children = new Set<ChildProcess>();
  let stopping = false;
  const launch = (label: string, command: string, args: string[]): ChildProcess => {
    const log = path.join(dir, `${label}.log`);
    const child = spawn(command, args, {
      cwd: dir,
      stdio: quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: dir,
        LANG: "C.UTF-8",
        LC_ALL: "C.UTF-8",
      },
      ...(owner ?? {}),
    });
    if (quiet) {
      const append = (chunk: Buffer) => writeFileSync(log, chunk, { flag: "a" });
      child.stdout?.on("data", append);
      child.stderr?.on("data", append);
    }
    children.add(child);
    child.once("exit", (code, signal) => {
      children.delete(child);
      if (!stopping && quiet && code !== 0 && signal !== "SIGKILL")
        writeFileSync(log, `\n[${label} exited: ${signal ?? code}]\n`, { flag: "a" });
    });
    return child;
  };
  const killed = (child: ChildProcess | undefined, signal: NodeJS.Signals, ms: number) =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
      }, ms);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill(signal);
    });

  const members = nodes.map(
    (node): HaMember & { etcd?: ChildProcess; patroni?: ChildProcess; dataDir: string } => {
      const dataDir = path.join(dir, node.name, "data");
      const home = path.join(dir, node.name);
      mkdirSync(home, { recursive: true });
      own(home);
      const etcdDir = path.join(dir, `etcd-${node.name}`);
      mkdirSync(etcdDir, { recursive: true, mode: 0o700 });
      own(etcdDir);
      // JSON is YAML: Patroni reads this file as is.
      const config = {
        scope: "viewvault",
        name: node.name,
        log: { level: "INFO" },
        restapi: {
          listen: `127.0.0.1:${node.restPort}`,
          connect_address: `127.0.0.1:${node.restPort}`,
        },
        etcd3: { hosts: etcdHosts },
        bootstrap: {
          dcs: {
            ...PATRONI_TIMING,
            maximum_lag_on_failover: 1048576,
            primary_start_timeout: 0,
            synchronous_mode: true,
            postgresql: {
              use_pg_rewind: true,
              use_slots: true,
              parameters: {
                wal_level: "replica",
                hot_standby: "on",
                wal_log_hints: "on",
                max_connections: 200,
                max_wal_senders: 10,
                max_replication_slots: 10,
                wal_keep_size: "256MB",
                shared_buffers: "64MB",
                ...(options.archiveCommand
                  ? {
                      archive_mode: "on",
                      archive_command: options.archiveCommand(dir),
                      // A quiet primary still ships its WAL at least this often: the RPO bound.
                      archive_timeout: 30,
                    }
                  : {}),
              },
            },
          },
          initdb: [{ encoding: "UTF8" }, { locale: "C.UTF-8" }],
        },
        postgresql: {
          listen: `127.0.0.1:${node.pgPort}`,
          connect_address: `127.0.0.1:${node.pgPort}`,
          data_dir: dataDir,
          bin_dir: bin,
          pgpass: path.join(home, "pgpass"),
          authentication: {
            superuser: { username: "postgres", password: "postgres" },
            replication: { username: "replicator", password: "replicator" },
            rewind: { username: "postgres", password: "postgres" },
          },
          parameters: { unix_socket_directories: home },
          pg_hba: [
            "local all all trust",
            "host replication replicator 127.0.0.1/32 trust",
            "host all all 127.0.0.1/32 trust",
          ],
        },
        tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
      };
      const configFile = path.join(home, "patroni.yml");
      writeFileSync(configFile, JSON.stringify(config, null, 2));
      own(configFile);
      const member = {
        name: node.name,
        pgPort: node.pgPort,
        restPort: node.restPort,
        dataDir,
        etcd: undefined as ChildProcess | undefined,
        patroni: undefined as ChildProcess | undefined,
        running: () =>
          member.patroni !== undefined &&
          member.patroni.exitCode === null &&
          member.patroni.signalCode === null,
        postmasterPid() {
          try {
            const pid = Number(
              readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0],
            );
            if (!pid) return undefined;
            process.kill(pid, 0);
            return pid;
          } catch {
            return undefined;
          }
        },
        killPostmaster() {
          const pid = member.postmasterPid();
          if (pid) process.kill(pid, "SIGKILL");
          return pid;
        },
        async stop() {
          await killed(member.patroni, "SIGKILL", 0);
          member.killPostmaster();
          await killed(member.etcd, "SIGKILL", 0);
          // Its backends notice the postmaster's death and exit; wait for the pid to go.
          for (let i = 0; i < 50 && member.postmasterPid(); i++) await sleep(100);
        },
        start() {
          if (!member.etcd || member.etcd.exitCode !== null || member.etcd.signalCode !== null)
            member.etcd = launch(`etcd-${node.name}`, etcd, [
              "--name",
              `e${node.name}`,
              "--data-dir",
              etcdDir,
              "--listen-client-urls",
              `http://127.0.0.1:${node.etcdClient}`,
              "--advertise-client-urls",
              `http://127.0.0.1:${node.etcdClient}`,
              "--listen-peer-urls",
              `http://127.0.0.1:${node.etcdPeer}`,
              "--initial-advertise-peer-urls",
              `http://127.0.0.1:${node.etcdPeer}`,
              "--initial-cluster",
              initialCluster,
              "--initial-cluster-state",
              "new",
              "--initial-cluster-token",
              token,
              // A loaded machine: generous Raft timing so etcd elections do not flap.
              "--heartbeat-interval",
              "250",
              "--election-timeout",
              "2500",
              "--log-level",
              "warn",
            ]);
          if (!member.running())
            member.patroni = launch(`patroni-${node.name}`, patroni, [configFile]);
        },
      };
      return member;
    },
  );

  writeFileSync(path.join(dir, "haproxy.cfg"), haproxyConfig(primaryPort, replicaPort, nodes));
  let haproxyProc: ChildProcess | undefined;

  const urlOn = (port: number, database: string) =>
    `postgres://postgres@127.0.0.1:${port}/${database}`;
  const state = async (): Promise<PatroniMember[]> => {
    for (const m of members) {
      if (!m.running()) continue;
      try {
        const res = await fetch(`http://127.0.0.1:${m.restPort}/cluster`, {
          signal: AbortSignal.timeout(2000),
        });
        if (res.ok) return ((await res.json()) as { members: PatroniMember[] }).members;
      } catch {
        // try the next member
      }
    }
    return [];
  };

  const cluster: HaCluster = {
    dir,
    members,
    primaryPort,
    replicaPort,
    primaryUrl: (db) => urlOn(primaryPort, db),
    replicaUrl: (db) => urlOn(replicaPort, db),
    state,
    async waitHealthy(ms, replicas = 2) {
      const until = Date.now() + ms;
      let last: PatroniMember[] = [];
      while (Date.now() < until) {
        last = await state();
        const leader = last.find((m) => m.role === "leader" && m.state === "running");
        const streaming = last.filter(
          (m) => m.role !== "leader" && (m.state === "running" || m.state === "streaming"),
        );
        if (
          leader &&
          streaming.length >= replicas &&
          streaming.some((m) => m.role === "sync_standby")
        ) {
          // And HAProxy agrees: the primary port takes a write.
          if (await canWrite(urlOn(primaryPort, "postgres"))) return last;
        }
        await sleep(250);
      }
      throw new Error(
        `the HA cluster was not healthy within ${ms / 1000} s: ${JSON.stringify(last)}; logs in ${dir}`,
      );
    },
    async waitCaughtUp(ms) {
      const started = Date.now();
      const until = started + ms;
      while (Date.now() < until) {
        const members = await state();
        const leader = members.find((m) => m.role === "leader");
        if (leader) {
          const target = await lsn(
            urlOn(leader.port, "postgres"),
            "select pg_current_wal_lsn()::text as l",
          );
          const replicas = members.filter((m) => m.role !== "leader");
          let behind = replicas.length === 0;
          for (const r of replicas) {
            const at = await lsn(
              urlOn(r.port, "postgres"),
              "select pg_last_wal_replay_lsn()::text as l",
            );
            if (at === undefined || target === undefined || lsnValue(at) < lsnValue(target))
              behind = true;
          }
          if (!behind) return Date.now() - started;
        }
        await sleep(250);
      }
      throw new Error(
        `the standbys did not catch up within ${ms / 1000} s: ${JSON.stringify(await state())}`,
      );
    },
    async stop() {
      stopping = true;
      await killed(haproxyProc, "SIGTERM", 2000);
      // Patroni stops its PostgreSQL (fast shutdown) on SIGTERM; anything left is killed.
      await Promise.all(members.map((m) => killed(m.patroni, "SIGTERM", 10_000)));
      for (const m of members) m.killPostmaster();
      await Promise.all(members.map((m) => killed(m.etcd, "SIGTERM", 3000)));
      for (const c of [...children]) c.kill("SIGKILL");
      for (let i = 0; i < 50 && members.some((m) => m.postmasterPid()); i++) await sleep(100);
      if (process.env.CLUSTER_KEEP_LOGS !== "1") rmSync(dir, { recursive: true, force: true });
      else {
        // Kept for a post-mortem: logs and configs only, not half a gigabyte of data directories.
        for (const m of members) rmSync(m.dataDir, { recursive: true, force: true });
        for (const n of nodes)
          rmSync(path.join(dir, `etcd-${n.name}`), { recursive: true, force: true });
      }
    },
  };

  try {
    for (const m of members) m.start();
    haproxyProc = launch("haproxy", haproxy, ["-db", "-f", path.join(dir, "haproxy.cfg")]);
    await cluster.waitHealthy(120_000);
  } catch (error) {
    process.env.CLUSTER_KEEP_LOGS = "1";
    await cluster.stop();
    throw error;
  }
  return cluster;
}

function haproxyConfig(
  primaryPort: number,
  replicaPort: number,
  nodes: { name: string; pgPort: number; restPort: number }[],
): string {
  const servers = nodes
    .map((n) => `    server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.restPort}`)
    .join("\n");
  return `# generated by deploy/ha.ts — Patroni's REST API decides where each port goes
global
    maxconn 2000

defaults
    mode tcp
    retries 2
    # LISTEN connections sit idle for long: only a dead member ends a session.
    timeout client 24h
    timeout server 24h
    timeout connect 2s
    timeout check 2s
    default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions

# The primary: the one member whose Patroni answers 200 to OPTIONS /primary.
listen primary
    bind 127.0.0.1:${primaryPort}
    option httpchk OPTIONS /primary
    http-check expect status 200
${servers}

# The streaming replicas (OPTIONS /replica?lag=16MB: running, not the leader, at most 16 MB of WAL behind).
listen replicas
    bind 127.0.0.1:${replicaPort}
    balance roundrobin
    option httpchk OPTIONS /replica?lag=16MB
    http-check expect status 200
${servers}
`;
}

async function withClient<T>(
  url: string,
  run: (c: pg.Client) => Promise<T>,
): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on("error", () => {});
  try {
    await client.connect();
    return await run(client);
  } catch (error) {
    if (process.env.HA_DEBUG) console.error(url, error);
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

async function canWrite(url: string): Promise<boolean> {
  return (
    (await withClient(url, async (c) => {
      const r = await c.query<{ ro: string }>(
        "select current_setting('transaction_read_only') as ro",
      );
      return r.rows[0]?.ro === "off";
    })) ?? false
  );
}

async function lsn(url: string, query: string): Promise<string | undefined> {
  return withClient(
    url,
    async (c) => (await c.query<{ l: string | null }>(query)).rows[0]?.l ?? undefined,
  );
}

function lsnValue(text: string): bigint {
  const [hi = "0", lo = "0"] = text.split("/");
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/** Creates `name` on the primary (through HAProxy). */
export async function createDatabase(cluster: HaCluster, name: string): Promise<void> {
  const ok = await withClient(cluster.primaryUrl("postgres"), async (c) => {
    await c.query(`create database ${name}`);
    return true;
  });
  if (!ok) throw new Error(`could not create database ${name} on the HA primary`);
}
