import type { RiskLevel } from "@viewvault/shared";
import type { DbOrTx } from "../../db/client";

/**
 * The member's risk level, which sets the cost of the session's proof-of-work challenge
 * (CHALLENGE.maxNumberByRisk).
 * TODO(coordinator): delegate to `riskLevelFor(db, memberId)` from modules/risk/risk.service.ts
 * (the risk helper's branch) at merge; until then every member is "normal".
 */
export async function memberRiskLevel(_db: DbOrTx, _memberId: string): Promise<RiskLevel> {
  return "normal";
}
