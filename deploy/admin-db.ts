// The PostgreSQL the cluster scripts create and drop their own databases on.
import pg from "pg";

/** The maintenance database they connect to for that (CLUSTER_ADMIN_URL). */
const adminUrl = process.env.CLUSTER_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The address of database `name` on the same server. */
export function databaseUrl(name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on the maintenance database (create or drop a database). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
