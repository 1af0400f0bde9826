import { ZAdminOverview, ZLedgerCheck } from "@viewvault/shared";
import { type RouteApp, staffErrors } from "../../../lib/route-schema";
import type { PresenceStore } from "../../presence/presence.store";
import { getOverview, runLedgerCheck } from "./admin-overview.service";

/** GET /api/admin/overview: the ledger's totals per currency and the queues' counts. */
function overviewRoute(app: RouteApp, presence: PresenceStore): void {
  app.get(
    "/api/admin/overview",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Platform totals per currency from the ledger, and the queues' counts",
        response: { 200: ZAdminOverview, ...staffErrors },
      },
    },
    async () => getOverview(app.db, () => presence.count(app.clock.now().getTime())),
  );
}

/** POST /api/admin/ledger/check: the ledger invariant check, now. */
function ledgerCheckRoute(app: RouteApp): void {
  app.post(
    "/api/admin/ledger/check",
    {
      onRequest: app.requireAdmin,
      config: { rateLimit: { max: 6, timeWindow: 60_000 } },
      schema: {
        tags: ["admin"],
        summary: "Run the ledger invariant check now (result and duration)",
        response: { 200: ZLedgerCheck, ...staffErrors },
      },
    },
    async () => runLedgerCheck(app.db, app.clock),
  );
}

export function registerOverviewRoutes(app: RouteApp, presence: PresenceStore): void {
  overviewRoute(app, presence);
  ledgerCheckRoute(app);
}
