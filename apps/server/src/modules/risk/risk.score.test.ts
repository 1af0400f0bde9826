import { RISK_POINTS, RISK_SIGNALS } from "@viewvault/shared";
import { describe, expect, it } from "vitest";
import { type RiskInputs, scoreRisk, timingSignals } from "./risk.score";
import { clustersOf, deviceSignalsOf, sharersOf } from "./risk.service";
import { hashDevice, networkOf } from "./signals";

const none: RiskInputs = {
  membersSharingDevice: 0,
  membersSharingNetwork: 0,
  membersSharingDeviceAndNetwork: 0,
  maxSessionsPerHour: 0,
  identicalTimings: 0,
  backToBack: 0,
  flaggedReferrals: 0,
};

describe("scoreRisk", () => {
  it("scores nothing as 0, low, without reasons", () => {
    expect(scoreRisk(none)).toEqual({ score: 0, level: "low", reasons: [] });
  });

  it("one device on one network shared with another member counts only with behaviour", () => {
    // Two strangers with the same phone model and browser on one carrier: no behaviour in common.
    const phones = scoreRisk({
      ...none,
      membersSharingDevice: 1,
      membersSharingNetwork: 1,
      membersSharingDeviceAndNetwork: 1,
    });
    expect(phones.score).toBe(RISK_POINTS.sharedDevice + RISK_POINTS.sharedNetwork);
    expect(phones.level).toBe("normal");
    expect(phones.reasons.map((x) => x.code)).toEqual(["sharedDevice", "sharedNetwork"]);
    const r = scoreRisk({
      ...none,
      membersSharingDevice: 1,
      membersSharingNetwork: 1,
      membersSharingDeviceAndNetwork: 1,
      backToBack: RISK_SIGNALS.minRepeats,
    });
    expect(r.score).toBe(
      RISK_POINTS.sharedDevice +
        RISK_POINTS.sharedNetwork +
        RISK_POINTS.sharedDeviceAndNetwork +
        RISK_POINTS.backToBack,
    );
    expect(r.level).toBe("high");
    expect(r.reasons.map((x) => [x.code, x.params])).toEqual([
      ["sharedDevice", { accounts: 1 }],
      ["sharedNetwork", { accounts: 1 }],
      ["sharedDeviceAndNetwork", { accounts: 1 }],
      [
        "backToBack",
        { sessions: RISK_SIGNALS.minRepeats, seconds: RISK_SIGNALS.backToBackSeconds },
      ],
    ]);
  });

  it("lockstep and no device signal: alone not high, on a shared network high (ADR 071)", () => {
    const lockstepAlone = scoreRisk({ ...none, lockstepAccounts: 4, lockstepSessions: 1 });
    expect(lockstepAlone.level).toBe("normal");
    expect(lockstepAlone.reasons.map((x) => x.code)).toEqual(["lockstep"]);
    // One pair once is a coincidence; a pair twice, or a group of three, is not.
    expect(scoreRisk({ ...none, lockstepAccounts: 1, lockstepSessions: 1 }).reasons).toEqual([]);
    expect(
      scoreRisk({ ...none, lockstepAccounts: 1, lockstepSessions: 2 }).reasons.map((x) => x.code),
    ).toEqual(["lockstep"]);
    const onNetwork = scoreRisk({
      ...none,
      membersSharingNetwork: 4,
      lockstepAccounts: 4,
      lockstepSessions: 1,
      lockstepOnNetwork: 4,
    });
    expect(onNetwork.level).toBe("high");
    // A privacy extension blocking the fingerprint on one session: normal.
    const blocked = scoreRisk({ ...none, membersSharingNetwork: 50, sessionsWithoutDevice: 1 });
    expect(blocked.level).toBe("normal");
    // Two members whose privacy tools block the fingerprint on every session, behind one CGNAT:
    // no device signal on a shared network, and no behaviour in common: normal.
    const privacy = scoreRisk({
      ...none,
      membersSharingNetwork: 50,
      sessionsWithoutDevice: 40,
      noDeviceSharersOnNetwork: 1,
    });
    expect(privacy.level).toBe("normal");
    expect(privacy.reasons.map((x) => x.code)).toEqual(["sharedNetwork", "noDeviceSignal"]);
    // The same with behaviour (back-to-back sessions, a flagged referral): a farm, high.
    for (const behaviour of [
      { backToBack: RISK_SIGNALS.minRepeats },
      { flaggedReferrals: 1 },
      { lockstepAccounts: 2, lockstepSessions: 1 },
    ]) {
      const farm = scoreRisk({
        ...none,
        membersSharingNetwork: 1,
        sessionsWithoutDevice: 1,
        noDeviceSharersOnNetwork: 1,
        ...behaviour,
      });
      expect(farm.level).toBe("high");
      expect(farm.reasons.map((x) => x.code)).toContain("networkAndNoDevice");
    }
  });

  it("without behaviour, what accounts share never reaches high risk, and the points still add up", () => {
    // Many identical phones on one carrier address, some sessions with the fingerprint blocked.
    for (const sharers of [1, 2, 5, 6, 20, 500]) {
      for (const sessionsWithoutDevice of [0, 1, 30]) {
        const s = scoreRisk({
          ...none,
          membersSharingDevice: sharers,
          membersSharingNetwork: sharers,
          membersSharingDeviceAndNetwork: sharers,
          sessionsWithoutDevice,
          noDeviceSharersOnNetwork: sessionsWithoutDevice ? sharers : 0,
        });
        expect(s.level).not.toBe("high");
        expect(s.score).toBeLessThanOrEqual(RISK_POINTS.sharingWithoutBehaviourMax);
        expect(s.reasons.reduce((sum, r) => sum + r.points, 0)).toBe(s.score);
        expect(s.reasons.map((x) => x.code)).not.toContain("sharedDeviceAndNetwork");
      }
    }
    // The evidence stays listed even when the cap leaves it no points.
    const capped = scoreRisk({
      ...none,
      membersSharingDevice: 6,
      membersSharingNetwork: 6,
      sessionsWithoutDevice: 2,
    });
    expect(capped.reasons.map((x) => [x.code, x.points])).toEqual([
      ["sharedDevice", RISK_POINTS.sharedDeviceMax],
      ["sharedNetwork", RISK_POINTS.sharingWithoutBehaviourMax - RISK_POINTS.sharedDeviceMax],
      ["noDeviceSignal", 0],
    ]);
  });

  it("a shared network alone (a household) or a device alone (the same phone model) is not high risk", () => {
    const network = scoreRisk({ ...none, membersSharingNetwork: 50 });
    expect(network.level).toBe("normal");
    expect(network.score).toBe(RISK_POINTS.sharedNetworkMax);
    expect(scoreRisk({ ...none, membersSharingNetwork: 2 }).score).toBe(
      RISK_POINTS.sharedNetwork + RISK_POINTS.sharedNetworkEachOther,
    );
    const device = scoreRisk({ ...none, membersSharingDevice: 500 });
    expect(device.level).toBe("normal");
    expect(device.score).toBe(RISK_POINTS.sharedDeviceMax);
  });

  it("velocity signals count only from their thresholds, and the score stops at 100", () => {
    const below = scoreRisk({
      ...none,
      maxSessionsPerHour: RISK_SIGNALS.sessionsPerHourBurst - 1,
      identicalTimings: RISK_SIGNALS.minRepeats - 1,
      backToBack: RISK_SIGNALS.minRepeats - 1,
    });
    expect(below.reasons).toEqual([]);
    const all = scoreRisk({
      membersSharingDevice: 5,
      membersSharingNetwork: 5,
      membersSharingDeviceAndNetwork: 5,
      maxSessionsPerHour: RISK_SIGNALS.sessionsPerHourBurst,
      identicalTimings: RISK_SIGNALS.minRepeats,
      backToBack: RISK_SIGNALS.minRepeats,
      flaggedReferrals: 1,
    });
    expect(all.score).toBe(100);
    expect(all.reasons.map((x) => x.code)).toEqual([
      "sharedDevice",
      "sharedNetwork",
      "sharedDeviceAndNetwork",
      "sessionBurst",
      "identicalTimings",
      "backToBack",
      "referralFlagged",
    ]);
    expect(all.reasons.find((x) => x.code === "backToBack")?.params).toEqual({
      sessions: RISK_SIGNALS.minRepeats,
      seconds: RISK_SIGNALS.backToBackSeconds,
    });
  });
});

describe("timingSignals", () => {
  const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, 0) + s * 1000);
  const session = (start: number, ad = 30, content = 30) => ({
    adStartedAt: at(start),
    contentStartedAt: at(start + ad),
    contentCompletedAt: at(start + ad + content),
  });

  it("finds back-to-back starts and identical timings", () => {
    // Each starts 1 s after the previous ended, with the same 30 s + 30 s shape.
    const sessions = [0, 61, 122, 183].map((s) => session(s));
    expect(timingSignals(sessions)).toEqual({
      maxSessionsPerHour: 4,
      identicalTimings: 3,
      backToBack: 3,
    });
  });

  it("does not count a start 3 s after the previous end, nor different timings", () => {
    const sessions = [session(0, 30, 30), session(63, 31, 40), session(137, 35, 33)];
    expect(timingSignals(sessions)).toEqual({
      maxSessionsPerHour: 3,
      identicalTimings: 0,
      backToBack: 0,
    });
  });

  it("counts sessions within any one hour", () => {
    const sessions = [0, 10, 3_599, 3_600, 7_300].map((s) => ({
      adStartedAt: at(s),
      contentStartedAt: null,
      contentCompletedAt: null,
    }));
    expect(timingSignals(sessions).maxSessionsPerHour).toBe(3);
  });
});

describe("clusters", () => {
  const sig = (member_id: string, device_hash: string | null, network: string | null) => ({
    member_id,
    device_hash,
    network,
  });

  it("joins members through shared devices and networks, transitively", () => {
    const signals = [
      sig("a", "d1", "10.0.0.0/24"),
      sig("b", "d1", "10.0.1.0/24"),
      sig("c", "d2", "10.0.1.0/24"),
      sig("d", "d3", "10.0.9.0/24"),
    ];
    expect(clustersOf(signals)).toEqual([
      { members: ["a", "b", "c"], devices: 1, networks: ["10.0.1.0/24"] },
    ]);
    const sharers = sharersOf(signals);
    expect([...(sharers.device.get("a") ?? [])]).toEqual(["b"]);
    expect([...(sharers.network.get("b") ?? [])]).toEqual(["c"]);
    expect(sharers.device.get("d")).toBeUndefined();
    // a and b share a device but on different networks; nobody shares both.
    expect(sharers.both.size).toBe(0);
    const same = sharersOf([sig("x", "d9", "10.1.1.0/24"), sig("y", "d9", "10.1.1.0/24")]);
    expect([...(same.both.get("x") ?? [])]).toEqual(["y"]);
  });
});

describe("signals", () => {
  it("truncates IPv4 to /24 and IPv6 to /48", () => {
    expect(networkOf("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:198.51.100.9")).toBe("198.51.100.0/24");
    expect(networkOf("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkOf("not an address")).toBeNull();
    expect(networkOf(null)).toBeNull();
  });

  it("hashes a device id with the key (never stores it) and ignores nonsense", () => {
    const h = hashDevice("key", "0123456789abcdef0123456789abcdef");
    expect(h).toMatch(/^[\w-]{43}$/);
    expect(h).not.toContain("0123456789abcdef");
    expect(hashDevice("other key", "0123456789abcdef0123456789abcdef")).not.toBe(h);
    expect(hashDevice("key", "<script>")).toBeNull();
    expect(hashDevice("key", undefined)).toBeNull();
  });
});

describe("deviceSignalsOf", () => {
  const net = "100.64.23.0/24";
  const watch = (member: string, device: string | null) => ({
    member_id: member,
    device_hash: device,
    network: net,
    kind: "watch_session",
  });
  const signIn = (member: string, device: string | null) => ({
    member_id: member,
    device_hash: device,
    network: net,
    kind: "sign_in",
  });

  it("counts members who never sent the signal on one network as sharing its absence", () => {
    const { sessionsWithoutDevice, noDeviceSharers } = deviceSignalsOf([
      watch("a", null),
      watch("b", null),
      watch("c", "phone-c"),
    ]);
    expect(sessionsWithoutDevice.get("a")).toBe(1);
    expect([...(noDeviceSharers.get("a") ?? [])]).toEqual(["b"]);
    expect(noDeviceSharers.has("c")).toBe(false);
  });

  it("does not let one device header at sign-in cover watch sessions that send none", () => {
    // A farm script forges the header once, at sign-in, then watches without it.
    const farm = ["f1", "f2"].flatMap((m) => [
      signIn(m, `forged-${m}`),
      watch(m, null),
      watch(m, null),
      watch(m, null),
    ]);
    const { noDeviceSharers } = deviceSignalsOf(farm);
    expect([...(noDeviceSharers.get("f1") ?? [])]).toEqual(["f2"]);
  });

  it("leaves a phone whose signal failed on a minority of its sessions alone", () => {
    const phone = (m: string) => [watch(m, `p-${m}`), watch(m, `p-${m}`), watch(m, null)];
    const { sessionsWithoutDevice, noDeviceSharers } = deviceSignalsOf([
      ...phone("p1"),
      ...phone("p2"),
    ]);
    expect(sessionsWithoutDevice.get("p1")).toBe(1);
    expect(noDeviceSharers.size).toBe(0);
  });
});
