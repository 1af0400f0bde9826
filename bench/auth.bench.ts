import type autocannon from "autocannon";
// Sign-in round trips at 16 concurrent clients on PostgreSQL. Password hashing dominates:
// scrypt N=16384, r=16, p=1 (64-byte key) on Node's libuv thread pool.
import { createAccount } from "../apps/server/src/modules/auth/create-account";
import {
  BASE,
  ipFor,
  load,
  migratedDatabase,
  printTable,
  startServer,
  stopServer,
} from "./harness";

const USERS = 64;
const database = await migratedDatabase();
for (let i = 0; i < USERS; i++) {
  await createAccount(database.db, {
    username: `signin${i}`,
    email: `signin${i}@bench.test`,
    password: "bench-password-1",
    role: "member",
  });
}
await database.close();

const server = await startServer({ UV_THREADPOOL_SIZE: "4" });
try {
  let n = 0;
  const row = await load("POST /api/auth/sign-in/email", {
    connections: 16,
    requests: [
      {
        method: "POST",
        setupRequest(req: autocannon.Request) {
          const i = n++;
          // Every attempt from its own address: the per-address sign-in limit is not what is measured.
          req.headers = {
            "content-type": "application/json",
            origin: BASE,
            "x-forwarded-for": ipFor(100_000 + i),
          };
          req.body = JSON.stringify({
            email: `signin${i % USERS}@bench.test`,
            password: "bench-password-1",
          });
          return req;
        },
        path: "/api/auth/sign-in/email",
      },
    ],
  });
  printTable(
    [row],
    [
      "\npassword hashing: scrypt N=16384 r=16 p=1, 64-byte key (Node crypto.scrypt on the libuv pool, UV_THREADPOOL_SIZE=4)",
    ],
  );
} finally {
  await stopServer(server);
}
