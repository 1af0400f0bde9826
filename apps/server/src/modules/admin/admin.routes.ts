import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerAuditRoutes } from "../audit/audit.routes";
import type { PresenceStore } from "../presence/presence.store";
import { registerStepUpRoutes } from "../step-up/step-up.routes";
import { registerMemberRoutes } from "./members/admin-members.routes";
import { registerOverviewRoutes } from "./overview/admin-overview.routes";
import { registerPayoutRoutes } from "./payouts/admin-payouts.routes";
import { registerReferralRoutes } from "./referrals/admin-referrals.routes";

/**
 * The admin console's API (admin role with 2FA on, every route). Actions write an audit row;
 * those that move money or change a role also need a recent step-up (ADR 029). Each area
 * registers its own routes; the order is the OpenAPI document's.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  authSecret: string;
  presence: PresenceStore;
}> = async (app, opts) => {
  registerOverviewRoutes(app, opts.presence);
  registerMemberRoutes(app);
  registerReferralRoutes(app);
  registerPayoutRoutes(app);
  registerAuditRoutes(app);
  registerStepUpRoutes(app, opts.authSecret);
};
