import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default (one less than the cores) is a single worker on a two-core machine, where
    // most of a suite's time is spent waiting on PostgreSQL: two workers take a third of the time
    // (ADR 081).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "shared",
          root: "packages/shared",
          include: ["src/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["test/ops/**", "**/node_modules/**"],
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      "apps/web/vite.config.ts",
      {
        // Crash and restart drills (ADR 033): real processes killed and restarted, a throwaway
        // PostgreSQL cluster stopped and started. Not part of `npm test`: `npm run test:ops`.
        test: {
          name: "ops",
          root: "apps/server",
          include: ["test/ops/**/*.ops.test.ts"],
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
    ],
  },
});
