import { ACTIVITY_KINDS, type TActivityEntry } from "@viewvault/shared";
import type { TFunction } from "i18next";

/** Known kinds have a label under `activity:kinds.*`; others are shown as they come. */
const KNOWN = new Set<string>(ACTIVITY_KINDS);

/** The human reason of a ledger entry: "Transfer to @alice", "Swap · Views → USDT"… */
export function activityLabel(t: TFunction, entry: TActivityEntry): string {
  const who = entry.counterparty?.username;
  if (entry.kind === "transfer") {
    const outgoing = entry.amount.startsWith("-");
    if (!who) return t("activity:kinds.transfer");
    return t(outgoing ? "activity:kinds.transferTo" : "activity:kinds.transferFrom", {
      username: who,
    });
  }
  if (entry.kind === "swap") {
    const direction = entry.memo.direction;
    if (direction === "VIEWS_TO_USDT" || direction === "USDT_TO_VIEWS") {
      return t("activity:kinds.swapDirection", {
        direction: t(`activity:directions.${direction}`),
      });
    }
    return t("activity:kinds.swap");
  }
  const base = KNOWN.has(entry.kind) ? t(`activity:kinds.${entry.kind}`) : entry.kind;
  return who ? t("activity:kinds.withMember", { label: base, username: who }) : base;
}
