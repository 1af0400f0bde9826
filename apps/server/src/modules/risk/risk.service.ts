import { RISK_LEVELS, RISK_SIGNALS, type RiskLevel, riskLevelOf } from "@viewvault/shared";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import {
  flaggedReferralCounts,
  lockstepOf,
  riskOf,
  type SignalRow,
  scoredMembers,
  sessionTimings,
  signalsAround,
  signalsSince,
  upsertRisk,
} from "./risk.repository";
import { type RiskScore, scoreRisk, timingSignals } from "./risk.score";

/**
 * A member's risk level (ADR 048): from their current score; a member never scored (no signal
 * yet) is "normal" — unknown is not trusted as low. The watch challenge's cost and the hold's
 * length read it (modules/watch, modules/holds).
 */
export async function riskLevelFor(db: Db, memberId: string): Promise<RiskLevel> {
  const row = await riskOf(db, memberId);
  if (!row) return "normal";
  return RISK_LEVELS.includes(row.level as RiskLevel)
    ? (row.level as RiskLevel)
    : riskLevelOf(row.score);
}

export function windowStart(clock: Clock): Date {
  return new Date(clock.now().getTime() - RISK_SIGNALS.windowDays * 86_400_000);
}

/**
 * Who shares what: per member, the other members on one of their devices, on one of their
 * networks, and on one of their devices on the same network.
 */
export function sharersOf(signals: readonly SignalRow[]): {
  device: Map<string, Set<string>>;
  network: Map<string, Set<string>>;
  both: Map<string, Set<string>>;
} {
  const byDevice = new Map<string, Set<string>>();
  const byNetwork = new Map<string, Set<string>>();
  const byBoth = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, member: string) => {
    const set = map.get(key) ?? new Set<string>();
    set.add(member);
    map.set(key, set);
  };
  for (const s of signals) {
    if (s.device_hash) add(byDevice, s.device_hash, s.member_id);
    if (s.network) add(byNetwork, s.network, s.member_id);
    if (s.device_hash && s.network) add(byBoth, `${s.device_hash} ${s.network}`, s.member_id);
  }
  const others = (groups: Map<string, Set<string>>) => {
    const result = new Map<string, Set<string>>();
    for (const members of groups.values()) {
      if (members.size < 2) continue;
      for (const m of members) {
        for (const o of members) if (o !== m) add(result, m, o);
      }
    }
    return result;
  };
  return { device: others(byDevice), network: others(byNetwork), both: others(byBoth) };
}

/**
 * The device-signal side (ADR 071): per member, the watch sessions started without the app's
 * device signal, and — for a member without the signal — the members on one of their networks
 * without it either. A member is without the signal when they never sent one, or when most of
 * their watch sessions came without one: a single device header at sign-in, which a script can
 * forge, does not make the sessions that earn views look like a phone's.
 */
export function deviceSignalsOf(signals: readonly SignalRow[]): {
  sessionsWithoutDevice: Map<string, number>;
  noDeviceSharers: Map<string, Set<string>>;
} {
  const withDevice = new Set<string>();
  const sessions = new Map<string, number>();
  const sessionsWithoutDevice = new Map<string, number>();
  for (const s of signals) {
    if (s.device_hash) withDevice.add(s.member_id);
    if (s.kind !== "watch_session") continue;
    sessions.set(s.member_id, (sessions.get(s.member_id) ?? 0) + 1);
    if (!s.device_hash)
      sessionsWithoutDevice.set(s.member_id, (sessionsWithoutDevice.get(s.member_id) ?? 0) + 1);
  }
  const withoutSignal = (member: string) =>
    !withDevice.has(member) ||
    (sessionsWithoutDevice.get(member) ?? 0) * 2 > (sessions.get(member) ?? 0);
  const byNetwork = new Map<string, Set<string>>();
  for (const s of signals) {
    if (!s.network || !withoutSignal(s.member_id)) continue;
    const set = byNetwork.get(s.network) ?? new Set<string>();
    set.add(s.member_id);
    byNetwork.set(s.network, set);
  }
  const noDeviceSharers = new Map<string, Set<string>>();
  for (const members of byNetwork.values()) {
    if (members.size < 2) continue;
    for (const m of members) {
      const set = noDeviceSharers.get(m) ?? new Set<string>();
      for (const o of members) if (o !== m) set.add(o);
      noDeviceSharers.set(m, set);
    }
  }
  return { sessionsWithoutDevice, noDeviceSharers };
}

export interface Cluster {
  members: string[];
  devices: number;
  networks: string[];
}

/**
 * Connected components of "shares a device or a network" (union-find over the signals given,
 * which the caller bounds); only components of at least RISK_SIGNALS.minClusterSize members.
 */
export function clustersOf(signals: readonly SignalRow[]): Cluster[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    let node = x;
    while (node !== root) {
      const next = parent.get(node) as string;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  const union = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return;
    // The smaller id becomes the root, so a cluster's id is stable.
    const [low, high] = ra < rb ? [ra, rb] : [rb, ra];
    parent.set(high, low);
  };
  const firstBy = new Map<string, string>();
  const membersBy = new Map<string, Set<string>>();
  for (const s of signals) {
    if (!parent.has(s.member_id)) parent.set(s.member_id, s.member_id);
    for (const key of [s.device_hash && `d:${s.device_hash}`, s.network && `n:${s.network}`]) {
      if (!key) continue;
      const first = firstBy.get(key);
      if (first) union(first, s.member_id);
      else firstBy.set(key, s.member_id);
      const set = membersBy.get(key) ?? new Set<string>();
      set.add(s.member_id);
      membersBy.set(key, set);
    }
  }
  const components = new Map<string, Cluster>();
  for (const member of parent.keys()) {
    const root = find(member);
    const c = components.get(root) ?? { members: [], devices: 0, networks: [] };
    c.members.push(member);
    components.set(root, c);
  }
  for (const [key, members] of membersBy) {
    if (members.size < 2) continue;
    const c = components.get(find(members.values().next().value as string));
    if (!c) continue;
    if (key.startsWith("d:")) c.devices++;
    else c.networks.push(key.slice(2));
  }
  return [...components.values()]
    .filter((c) => c.members.length >= RISK_SIGNALS.minClusterSize)
    .map((c) => ({ ...c, members: c.members.sort(), networks: c.networks.sort() }));
}

function toDate(v: string | null): Date | null {
  return v === null ? null : new Date(v);
}

async function scoreMembers(
  db: Db,
  memberIds: readonly string[],
  signals: readonly SignalRow[],
  since: Date,
): Promise<Map<string, RiskScore>> {
  const sharers = sharersOf(signals);
  const devices = deviceSignalsOf(signals);
  const [timings, referrals, lockstepRows] = await Promise.all([
    sessionTimings(db, memberIds, since),
    flaggedReferralCounts(db, memberIds),
    lockstepOf(db, memberIds, since),
  ]);
  const lockstep = new Map(lockstepRows.map((r) => [r.member_id, r]));
  const sessionsBy = Map.groupBy(timings, (t) => t.user_id);
  const flagged = new Map(referrals.map((r) => [r.member_id, Number(r.flagged)]));
  const scores = new Map<string, RiskScore>();
  for (const id of memberIds) {
    const timing = timingSignals(
      (sessionsBy.get(id) ?? []).map((t) => ({
        adStartedAt: new Date(t.ad_started_at),
        contentStartedAt: toDate(t.content_started_at),
        contentCompletedAt: toDate(t.content_completed_at),
      })),
    );
    scores.set(
      id,
      scoreRisk({
        membersSharingDevice: sharers.device.get(id)?.size ?? 0,
        membersSharingNetwork: sharers.network.get(id)?.size ?? 0,
        membersSharingDeviceAndNetwork: sharers.both.get(id)?.size ?? 0,
        ...timing,
        flaggedReferrals: flagged.get(id) ?? 0,
        lockstepSessions: lockstep.get(id)?.sessions ?? 0,
        lockstepAccounts: lockstep.get(id)?.accounts ?? 0,
        lockstepOnNetwork: (lockstep.get(id)?.partners ?? []).filter((p) =>
          sharers.network.get(id)?.has(p),
        ).length,
        sessionsWithoutDevice: devices.sessionsWithoutDevice.get(id) ?? 0,
        noDeviceSharersOnNetwork: devices.noDeviceSharers.get(id)?.size ?? 0,
      }),
    );
  }
  return scores;
}

async function save(
  db: Db,
  clock: Clock,
  scores: Map<string, RiskScore>,
  onlyRaise = false,
): Promise<void> {
  const rows = [...scores].map(([memberId, s]) => ({
    memberId,
    score: s.score,
    level: s.level,
    reasons: s.reasons,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await upsertRisk(db, rows.slice(i, i + 500), clock.now(), onlyRaise);
  }
}

/**
 * One member's score now (on sign-in and session start): one bounded read of the signals around
 * the member. The members sharing with them are scored from that partial view too, so their score
 * may only rise here; the job sets it exactly.
 */
export async function recomputeMemberRisk(
  db: Db,
  clock: Clock,
  memberId: string,
): Promise<RiskScore> {
  const since = windowStart(clock);
  const signals = await signalsAround(db, memberId, since);
  const members = [...new Set([memberId, ...signals.map((s) => s.member_id)])];
  const scores = await scoreMembers(db, members, signals, since);
  const own = scores.get(memberId) as RiskScore;
  await save(db, clock, new Map([[memberId, own]]));
  scores.delete(memberId);
  await save(db, clock, scores, true);
  return own;
}

/**
 * Every member seen in the window (at most RISK_SIGNALS.maxSignalsPerRun signals), plus every
 * member still scored above zero (whose signals may have aged out): the periodic job.
 */
export async function recomputeAllRisk(
  db: Db,
  clock: Clock,
): Promise<{ members: number; clusters: Cluster[] }> {
  const since = windowStart(clock);
  const signals = await signalsSince(db, since);
  const members = [...new Set([...signals.map((s) => s.member_id), ...(await scoredMembers(db))])];
  for (let i = 0; i < members.length; i += 500) {
    const batch = members.slice(i, i + 500);
    await save(db, clock, await scoreMembers(db, batch, signals, since));
  }
  return { members: members.length, clusters: clustersOf(signals) };
}
