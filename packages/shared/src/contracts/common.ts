import { z } from "zod";
import { ERROR_CODES } from "../errors";

export const ZErrorResponse = z
  .object({
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES]),
    message: z.string().describe("The message in the member's language"),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe("Parameters of the message (`context` selects the variant)"),
    field: z.string().optional().describe("The form field the refusal belongs to"),
    fields: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("Invalid fields, on 400"),
  })
  .meta({ id: "ErrorResponse" });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZHealthResponse = z.object({ status: z.literal("ok") }).meta({ id: "HealthResponse" });
export type THealthResponse = z.infer<typeof ZHealthResponse>;
