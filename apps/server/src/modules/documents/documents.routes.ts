import { LOCALES, PDF_DOCUMENTS } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { documentPdf } from "./documents.service";

const ZParams = z.object({
  file: z.enum([...PDF_DOCUMENTS.map((s) => `${s}.pdf` as const), "official.pdf"]),
});
const ZQuery = z.object({ lang: z.enum(LOCALES).default("en") });

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/documents/:file",
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["documents"],
        summary: "The whitepaper, a policy, or all of them (official.pdf) as a PDF",
        params: ZParams,
        querystring: ZQuery,
        produces: ["application/pdf"],
      },
    },
    async (request, reply) => {
      const slug = request.params.file.replace(/\.pdf$/, "") as
        | (typeof PDF_DOCUMENTS)[number]
        | "official";
      const pdf = await documentPdf(slug, request.query.lang);
      const name = slug === "official" ? "viewvault-official-documents" : `viewvault-${slug}`;
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${name}-${request.query.lang}.pdf"`)
        .header("cache-control", "public, max-age=3600")
        .send(pdf);
    },
  );
};
