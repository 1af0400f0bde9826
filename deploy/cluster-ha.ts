// npm run cluster:ha — `npm run cluster` on a PostgreSQL that survives losing a machine: three
// members, each etcd + Patroni + PostgreSQL (deploy/ha.ts; Debian's etcd-server, patroni,
// postgresql-15), synchronous replication, HAProxy routing one port to the primary and one to the
// replicas by Patroni's REST checks, and the app instances behind nginx (deploy/cluster.ts) on the
// primary port. Everything in a temporary folder, on loopback; `npm run build` first.
//
//   CLUSTER_INSTANCES=2 CLUSTER_PORT=8080 REDIS_URL=redis://127.0.0.1:6379 npm run cluster:ha
//
// Prints the addresses (DATABASE_URL through HAProxy, the replica port, each member's PostgreSQL
// and Patroni REST port, e.g. for `curl 127.0.0.1:<rest>/cluster`). Ctrl-C stops everything and
// removes the folder (CLUSTER_KEEP_LOGS=1 keeps it).
import { existsSync } from "node:fs";
import path from "node:path";
import { imageOptions, startCluster } from "./cluster";
import { createDatabase, PATRONI_TIMING, startHa } from "./ha";

async function main(): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const ha = await startHa({ output: "quiet" });
  let stopping = false;
  let stopApp = async () => {};
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void stopApp()
      .then(() => ha.stop())
      .then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await createDatabase(ha, "viewvault");
    const cluster = await startCluster({
      databaseUrl: ha.primaryUrl("viewvault"),
      instances: Number(process.env.CLUSTER_INSTANCES ?? 2),
      port: Number(process.env.CLUSTER_PORT ?? 8080),
      ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
      ...imageOptions(),
      env: { DATABASE_REPLICA_URL: ha.replicaUrl("viewvault") },
      supervise: true,
    });
    stopApp = () => cluster.stop();
    console.log(`ViewVault HA cluster (Patroni ttl ${PATRONI_TIMING.ttl} s, loop_wait ${PATRONI_TIMING.loop_wait} s, retry_timeout ${PATRONI_TIMING.retry_timeout} s, synchronous_mode)
  app:          ${cluster.url} → ${cluster.instances.map((i) => `127.0.0.1:${i.port}`).join(", ")}
  DATABASE_URL: ${ha.primaryUrl("viewvault")}   (HAProxy → the primary)
  replicas:     ${ha.replicaUrl("viewvault")}   (HAProxy → the streaming standbys)
  members:      ${ha.members.map((m) => `${m.name} postgres :${m.pgPort} patroni :${m.restPort}`).join("; ")}
  state:        ${(await ha.state()).map((m) => `${m.name} ${m.role}`).join(", ")}
  files:        ${ha.dir} (configs, data directories, logs)`);
  } catch (error) {
    await stopApp();
    await ha.stop();
    throw error;
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? "")) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
