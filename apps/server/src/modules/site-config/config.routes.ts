import { ZPublicConfig } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Public settings the web app reads at run time (the ad slot's network tag, the YouTube player API's script). */
export const configRoutes: FastifyPluginAsyncZod<{
  adNetworkTag: string | undefined;
  youtubeIframeApiUrl: string;
}> = async (app, opts) => {
  const config = {
    adNetworkTag: opts.adNetworkTag ?? null,
    youtubeIframeApiUrl: opts.youtubeIframeApiUrl,
  };
  app.get(
    "/api/config",
    {
      schema: {
        tags: ["platform"],
        summary: "Public run-time settings of the web app",
        response: { 200: ZPublicConfig },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return config;
    },
  );
};
