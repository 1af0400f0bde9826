import { ATTENTION, HOLD, RISK } from "./attention";
import { RISK_POINTS, RISK_SIGNALS } from "./contracts/risk";

/**
 * The figures the policy pages quote about watched views, holds, risk and pauses
 * (ADR 048), from the rules the server enforces: the pages cannot disagree with the code.
 */
export function attentionFigures(): Record<string, string> {
  return {
    attentionAdSeconds: String(ATTENTION.adSeconds),
    attentionContentSeconds: String(ATTENTION.contentSeconds),
    attentionHeartbeatSeconds: String(ATTENTION.heartbeatSeconds),
    attentionMaxGapSeconds: String(ATTENTION.maxHeartbeatGapMs / 1000),
    attentionVisiblePercent: String(Math.round(ATTENTION.minVisibleRatio * 100)),
    attentionPlayerPx: String(ATTENTION.minPlayerPx),
    holdHours: String(HOLD.hoursByRisk.normal),
    holdHoursHighRisk: String(HOLD.hoursByRisk.high),
    riskHighAt: String(RISK.highAt),
    riskScoreMax: "100",
    riskWindowDays: String(RISK_SIGNALS.windowDays),
    riskBackToBackSeconds: String(RISK_SIGNALS.backToBackSeconds),
    riskSessionsPerHour: String(RISK_SIGNALS.sessionsPerHourBurst),
    riskLockstepSeconds: String(RISK_SIGNALS.lockstepSeconds),
    riskPauseClusterSize: String(RISK_SIGNALS.pauseClusterSize),
    riskPointsSharedDevice: String(RISK_POINTS.sharedDevice),
    riskPointsSharedNetwork: String(RISK_POINTS.sharedNetwork),
    riskPointsSharedNetworkMax: String(RISK_POINTS.sharedNetworkMax),
    riskPointsDeviceAndNetwork: String(RISK_POINTS.sharedDeviceAndNetwork),
    riskPointsLockstep: String(RISK_POINTS.lockstep),
    riskPointsNetworkAndLockstep: String(RISK_POINTS.networkAndLockstep),
    riskPointsNoDevice: String(RISK_POINTS.noDeviceSignal),
    riskPointsNetworkAndNoDevice: String(RISK_POINTS.networkAndNoDevice),
    riskPointsSharingMax: String(RISK_POINTS.sharingWithoutBehaviourMax),
  };
}
