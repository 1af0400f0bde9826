import {
  ZErrorResponse,
  ZInclusionProof,
  ZReservesFile,
  ZReservesPage,
  ZReservesSnapshotParams,
} from "@viewvault/shared";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type RouteApp, staffErrors } from "../../lib/route-schema";
import { currentMember } from "../../plugins/auth";
import { actorOf } from "../audit/staff-actor";
import { requireStepUp, staffActionOf } from "../step-up/step-up.service";
import type { ReserveAddress } from "./reserve-assets";
import { snapshotIfDue } from "./reserves.job";
import { inclusionProof, reservesFile, reservesPage } from "./reserves.service";
import { type ReservesDeps, takeSnapshot } from "./take-snapshot";

declare module "fastify" {
  interface FastifyInstance {
    /** Proof of reserves (ADR 067): the daily job calls snapshotIfDue. */
    reserves: { snapshotIfDue(): Promise<unknown> };
  }
}

export interface ReservesOptions {
  snapshotHourUtc: number;
  cold: readonly ReserveAddress[];
}

/** RESERVES_SNAPSHOT_HOUR_UTC and RESERVE_ADDRESSES, as the module takes them. */
export function reservesOptions(env: {
  RESERVES_SNAPSHOT_HOUR_UTC: number;
  RESERVE_ADDRESSES?: ReserveAddress[] | undefined;
}): ReservesOptions {
  return { snapshotHourUtc: env.RESERVES_SNAPSHOT_HOUR_UTC, cold: env.RESERVE_ADDRESSES ?? [] };
}

const ZSnapshotTaken = z.object({ id: z.uuid(), root: z.string(), totalMicroUsdt: z.string() });

function publicRoutes(app: RouteApp): void {
  app.get(
    "/api/reserves",
    {
      schema: {
        tags: ["reserves"],
        summary:
          "Proof of reserves: the latest snapshot (root, total liabilities, reserves on chain with their signatures, coverage) and the history",
        response: { 200: ZReservesPage },
      },
    },
    async () => reservesPage(app.readDb),
  );
  app.get(
    "/api/reserves/:snapshotId/file",
    {
      schema: {
        tags: ["reserves"],
        summary:
          "A snapshot's public data as a downloadable JSON file (for scripts/verify-reserves.mjs)",
        params: ZReservesSnapshotParams,
        response: { 200: ZReservesFile, 400: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const file = await reservesFile(app.db, request.params.snapshotId);
      reply.header("content-disposition", `attachment; filename="reserves-${file.id}.json"`);
      return file;
    },
  );
}

function proofRoute(app: RouteApp): void {
  app.get(
    "/api/reserves/:snapshotId/proof",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["reserves"],
        summary:
          "My inclusion proof in a snapshot: my leaf (balance, nonce, index) and the siblings' hashes and sums up to the root",
        params: z.object({ snapshotId: z.union([z.uuid(), z.literal("latest")]) }),
        response: {
          200: ZInclusionProof,
          400: ZErrorResponse,
          401: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const proof = await inclusionProof(
        app.db,
        request.params.snapshotId,
        currentMember(request).profile.id,
      );
      reply.header("cache-control", "private, no-store");
      return proof;
    },
  );
}

function adminSnapshotRoute(app: RouteApp, deps: () => ReservesDeps): void {
  app.post(
    "/api/admin/reserves/snapshots",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "Take a proof-of-reserves snapshot now (needs a recent step-up; audited); refused with staff alerted when the ledger is wrong",
        response: { 201: ZSnapshotTaken, ...staffErrors },
      },
    },
    async (request, reply) => {
      await requireStepUp(app.db, app.clock, currentMember(request), staffActionOf(request));
      const taken = await takeSnapshot(deps(), { trigger: "admin", actor: actorOf(request) });
      reply.code(201);
      return { id: taken.id, root: taken.root, totalMicroUsdt: taken.total.toString() };
    },
  );
}

/** Proof of reserves: /api/reserves (public), my proof, the admin's snapshot, the daily job. */
const reserves: FastifyPluginAsyncZod<ReservesOptions> = async (app, opts) => {
  const deps = (): ReservesDeps => ({
    db: app.db,
    clock: app.clock,
    chains: app.payouts.chains,
    cold: opts.cold,
    outcome: (outcome) => app.metrics.reservesSnapshot(outcome),
  });
  app.decorate("reserves", { snapshotIfDue: () => snapshotIfDue(deps(), opts.snapshotHourUtc) });
  publicRoutes(app);
  proofRoute(app);
  adminSnapshotRoute(app, deps);
};

export const reservesRoutes = fp(reserves, { name: "reserves" });
