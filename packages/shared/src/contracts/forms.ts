import { z } from "zod";
import { addVideoProblem } from "../checks/add-video-checks";
import { offerProblem } from "../checks/market-checks";
import { swapProblem, swapQuote } from "../checks/swap-checks";
import { transferProblem } from "../checks/transfer-checks";
import { type Problem, problemMessage } from "../errors";
import { SWAP_DIRECTIONS, TRANSFER_TYPES } from "./money";

/**
 * The money forms' contracts: the fields as typed, then the feature's shared check sequence
 * (the functions the server runs) as the last rule. Its first failed check becomes the issue of
 * its field, with `problemMessage` (the locale key and its parameters) as the message, so the
 * form shows the server's words in the server's order. Each contract is built with what the
 * checks need to know (the balances the page shows, who is signed in, the video's title).
 */
function checked<T extends z.ZodObject>(schema: T, check: (value: z.output<T>) => Problem | null) {
  return schema.superRefine((value, ctx) => {
    const problem = check(value as z.output<T>);
    if (problem) {
      ctx.addIssue({
        code: "custom",
        path: [problem.field ?? "root"],
        message: problemMessage(problem),
      });
    }
  });
}

type Balances = { views: bigint; usdt: bigint } | null;

export const ZTransferForm = z.object({
  transferType: z.enum(TRANSFER_TYPES),
  recipient: z.string(),
  amount: z.string(),
});
export type TTransferForm = z.infer<typeof ZTransferForm>;

/** The transfer form: `transferProblem` with the balances shown and the member signed in. */
export function transferForm(context: {
  balances: Balances;
  me: { id: string; username: string };
}) {
  return checked(ZTransferForm, (value) => transferProblem(value, context));
}

export const ZSwapForm = z.object({ direction: z.enum(SWAP_DIRECTIONS), amount: z.string() });
export type TSwapForm = z.infer<typeof ZSwapForm>;

/** The swap form: `swapQuote` then `swapProblem`, with the balances shown. */
export function swapForm(context: { balances: Balances }) {
  return checked(ZSwapForm, (value) =>
    swapProblem(swapQuote(value.direction, value.amount, context.balances), value.direction),
  );
}

export const ZAddVideoForm = z.object({ url: z.string(), country: z.string(), theme: z.string() });
export type TAddVideoForm = z.infer<typeof ZAddVideoForm>;

/** The add-video form: the seeds' six checks (`addVideoProblem`) with the title found. */
export function addVideoForm(context: {
  title: string | null | undefined;
  balance: bigint | null | undefined;
}) {
  return checked(ZAddVideoForm, (value) => addVideoProblem(value, context));
}

export const ZOfferForm = z.object({ viewsQuantity: z.string(), pricePerView: z.string() });
export type TOfferForm = z.infer<typeof ZOfferForm>;

/** The marketplace sell form: `offerProblem` with the views balance shown. */
export function offerForm(context: { balances: { views: bigint } | null }) {
  return checked(ZOfferForm, (value) => offerProblem(value, context));
}
