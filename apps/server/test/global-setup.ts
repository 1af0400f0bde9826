/**
 * Runs once before the server tests. Suites that need real PostgreSQL (races, locks) read
 * TEST_DATABASE_URL; without it they are skipped, and this says so once, clearly.
 */
export default function setup(): void {
  if (!process.env.TEST_DATABASE_URL) {
    console.warn(
      "\n[viewvault] TEST_DATABASE_URL is not set: PostgreSQL concurrency suites are SKIPPED " +
        "(PGlite has one connection, so races there prove nothing). Everything else runs on PGlite.\n" +
        "            Run them with e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test\n",
    );
  }
}
