import { z } from "zod";
import { ERROR_CODES } from "../errors";

export const ZErrorResponse = z
  .object({
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES]),
    message: z.string(),
    fields: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("Invalid fields, on 400"),
  })
  .meta({ id: "ErrorResponse" });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZHealthResponse = z.object({ status: z.literal("ok") }).meta({ id: "HealthResponse" });
export type THealthResponse = z.infer<typeof ZHealthResponse>;
