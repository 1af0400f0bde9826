import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { pingDatabase } from "./health.repository";

/** A database that does not answer within this is as good as down. */
const PING_TIMEOUT_MS = 2_000;

/**
 * Healthy when the instance is not draining and the database answers; 503 otherwise (load
 * balancers take the instance out until it answers 200 again).
 */
export async function checkHealth(db: Db, draining: boolean): Promise<{ status: "ok" }> {
  if (draining) throw new AppError("SERVICE_UNAVAILABLE", { context: "draining" });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pingDatabase(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database ping timed out")), PING_TIMEOUT_MS);
      }),
    ]);
  } catch {
    throw new AppError("SERVICE_UNAVAILABLE", { context: "database" });
  } finally {
    clearTimeout(timer);
  }
  return { status: "ok" };
}
