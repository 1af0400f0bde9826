// Writes docs/openapi.json from the routes' zod contracts (CI fails when it is out of date).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../app";
import { loadEnv } from "../config/env";
import { openPglite } from "../db/client";

const out = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../docs/openapi.json",
);
const database = await openPglite();
const env = loadEnv({
  LOG_LEVEL: "silent",
  WEB_DIST: "/nonexistent",
  PUBLIC_URL: "http://localhost:3000",
});
const app = await buildApp({ env, database, logger: false });
await app.ready();
writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
console.log(`wrote ${path.relative(process.cwd(), out)}`);
