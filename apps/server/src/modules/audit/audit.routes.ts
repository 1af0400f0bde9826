import { ZAuditPage, ZAuditQuery } from "@viewvault/shared";
import { type RouteApp, staffErrors } from "../../lib/route-schema";
import { auditCsv, getAuditPage } from "./audit.service";

function pageRoute(app: RouteApp): void {
  app.get(
    "/api/admin/audit",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Staff actions, newest first, filtered by actor, target and action (paged)",
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage, ...staffErrors },
      },
    },
    async (request) => getAuditPage(app.db, request.query),
  );
}

function csvRoute(app: RouteApp): void {
  app.get(
    "/api/admin/audit.csv",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "The filtered audit log as CSV",
        querystring: ZAuditQuery.omit({ before: true }),
        produces: ["text/csv"],
      },
    },
    async (request, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="viewvault-audit.csv"')
        .send(auditCsv(app.db, request.query)),
  );
}

/** The audit log for admins: a page at a time, or filtered as CSV. */
export function registerAuditRoutes(app: RouteApp): void {
  pageRoute(app);
  csvRoute(app);
}
