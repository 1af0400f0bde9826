import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { pingDatabase } from "./health.repository";

/** Healthy when the database answers; 503 otherwise (load balancers take the instance out). */
export async function checkHealth(db: Db): Promise<{ status: "ok" }> {
  try {
    await pingDatabase(db);
  } catch {
    throw new AppError("SERVICE_UNAVAILABLE", { context: "database" });
  }
  return { status: "ok" };
}
