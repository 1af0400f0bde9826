import {
  ZErrorResponse,
  ZMe,
  ZNotificationPrefs,
  ZPublicProfile,
  ZUpdateProfileRequest,
  ZUpdateWalletRequest,
  ZUsernameAvailability,
  ZUsernameAvailabilityQuery,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RouteApp } from "../../lib/route-schema";
import { currentMember } from "../../plugins/auth";
import {
  checkUsernameAvailability,
  dismissFirstRun,
  getMe,
  getPublicProfile,
  updateNotifications,
  updateOwnProfile,
  updateWallet,
} from "./profiles.service";

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

/** The signed-in member's own account: read it, change profile, wallet, e-mails, first-run guide. */
function ownProfileRoutes(app: RouteApp, authSecret: string): void {
  app.get(
    "/api/me",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["accounts"],
        summary: "The signed-in member: account, profile, e-mail preferences",
        response: { 200: ZMe, ...errors },
      },
    },
    async (request) => getMe(app.db, currentMember(request)),
  );

  app.patch(
    "/api/me/profile",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["accounts"],
        summary: "Change username or language",
        body: ZUpdateProfileRequest,
        response: { 200: ZMe, 409: ZErrorResponse, ...errors },
      },
    },
    async (request) => updateOwnProfile(app.db, currentMember(request), request.body),
  );

  app.put(
    "/api/me/wallet",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ["accounts"],
        summary: "Set the payout wallet (asks for the password or a 2FA code)",
        body: ZUpdateWalletRequest,
        response: { 200: ZMe, ...errors },
      },
    },
    async (request) =>
      updateWallet(app.db, app.clock, authSecret, currentMember(request), request.body),
  );

  app.put(
    "/api/me/notifications",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["accounts"],
        summary: "E-mail preferences",
        body: ZNotificationPrefs,
        response: { 200: ZMe, ...errors },
      },
    },
    async (request) => updateNotifications(app.db, currentMember(request), request.body),
  );

  app.post(
    "/api/me/first-run/dismiss",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["accounts"],
        summary: "Close the dashboard's first-run guide for good",
        response: { 200: ZMe, ...errors },
      },
    },
    async (request) => dismissFirstRun(app.db, app.clock, currentMember(request)),
  );
}

/** Usernames and public profiles, for anyone (a member sees their own name as free). */
function lookupRoutes(app: RouteApp): void {
  app.get(
    "/api/usernames/availability",
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["accounts"],
        summary: "Whether a username can be taken",
        querystring: ZUsernameAvailabilityQuery,
        response: { 200: ZUsernameAvailability },
      },
    },
    async (request, reply) => {
      await app.requireMember(request, reply).catch(() => undefined);
      return checkUsernameAvailability(app.db, request.query.username, request.member);
    },
  );

  app.get(
    "/api/profiles/:username",
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ["accounts"],
        summary: "A member's public profile (the invite page), by username or member id",
        params: z.object({
          username: z
            .string()
            .min(1)
            .max(64)
            .describe("a username, or a member id (?ref= of an invite)"),
        }),
        response: { 200: ZPublicProfile, 404: ZErrorResponse },
      },
    },
    async (request) => getPublicProfile(app.readDb, request.params.username),
  );
}

export const profilesRoutes: FastifyPluginAsyncZod<{ authSecret: string }> = async (app, opts) => {
  ownProfileRoutes(app, opts.authSecret);
  lookupRoutes(app);
};
