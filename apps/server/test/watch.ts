import { ATTENTION, type TWatchHeartbeat, type TWatchSession } from "@viewvault/shared";
import { createChallenge, solveChallenge } from "altcha-lib/v1";
import type { LightMyRequestResponse } from "fastify";
import type { Client } from "./accounts";

/** The clock tests move (fixedClock). */
interface MovableClock {
  advance(ms: number): void;
}

/** A heartbeat of a page that attends: visible, focused, the player playing and on screen. */
export function attending(
  step: TWatchHeartbeat["step"],
  seq: number,
  positionSeconds = 0,
  over: Partial<TWatchHeartbeat> = {},
): TWatchHeartbeat {
  return {
    step,
    seq,
    playerState: step === "ad" ? "unstarted" : "playing",
    positionSeconds,
    visible: true,
    focused: true,
    visibleRatio: 1,
    playerWidth: 640,
    playerHeight: 360,
    ...over,
  };
}

export function sendHeartbeat(
  c: Client,
  sessionId: string,
  hb: TWatchHeartbeat,
): Promise<LightMyRequestResponse> {
  return c.request("POST", `/api/watch-sessions/${sessionId}/heartbeats`, hb);
}

/**
 * Plays one step as a real page does: a heartbeat every ATTENTION.heartbeatSeconds on the moving
 * clock, for `seconds` (the first heartbeat now, without moving the clock). Returns the next seq.
 */
export async function attendStep(
  c: Client,
  clock: MovableClock,
  sessionId: string,
  step: TWatchHeartbeat["step"],
  firstSeq: number,
  seconds: number = step === "ad" ? ATTENTION.adSeconds : ATTENTION.contentSeconds,
  /** The player's position at the first heartbeat (the content continues where it was). */
  fromPosition = 0,
): Promise<number> {
  const every = ATTENTION.heartbeatSeconds;
  let seq = firstSeq;
  for (let t = 0; t <= seconds; t += every) {
    if (t > 0) clock.advance(every * 1000);
    const res = await sendHeartbeat(
      c,
      sessionId,
      attending(step, seq, step === "ad" ? 0 : fromPosition + t),
    );
    if (res.statusCode !== 200) throw new Error(`heartbeat ${seq}: ${res.statusCode} ${res.body}`);
    seq += 1;
  }
  return seq;
}

/** Solves the session's proof-of-work challenge as the page's worker does; the base64 payload. */
export async function solve(challenge: NonNullable<TWatchSession["challenge"]>): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error("challenge not solved");
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString("base64");
}

/**
 * A solved challenge for a session without the work: one whose secret number is chosen when it is
 * made (the load harnesses complete thousands of sessions and measure the server, not the solver).
 * Signed with the key the server derives from its auth secret (`challengeHmacKey`), so the server
 * verifies and spends it like any other.
 */
export async function presolvedChallenge(
  hmacKey: string,
  sessionId: string,
  expires: Date,
): Promise<string> {
  const number = 1;
  const c = await createChallenge({
    hmacKey,
    number,
    maxnumber: 10,
    expires,
    params: { session: sessionId },
  });
  const { algorithm, challenge, salt, signature } = c;
  return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString(
    "base64",
  );
}

/**
 * Watches a started session as an attending page up to its completion: the ad's heartbeats, the
 * content (its challenge solved) and its heartbeats. Returns the solution to complete with.
 */
export async function attendSession(
  c: Client,
  clock: MovableClock,
  sessionId: string,
): Promise<string> {
  const seq = await attendStep(c, clock, sessionId, "ad", 1);
  const content = await c.request("POST", `/api/watch-sessions/${sessionId}/content`);
  if (content.statusCode !== 200) throw new Error(`content: ${content.statusCode} ${content.body}`);
  const session = content.json<TWatchSession>();
  if (!session.challenge) throw new Error("no challenge");
  const solution = await solve(session.challenge);
  await attendStep(c, clock, sessionId, "content", seq);
  return solution;
}

/** Watches a started session to the end as an attending page; the completion's answer. */
export async function watchToEnd(
  c: Client,
  clock: MovableClock,
  sessionId: string,
): Promise<LightMyRequestResponse> {
  const solution = await attendSession(c, clock, sessionId);
  return c.request("POST", `/api/watch-sessions/${sessionId}/complete`, { solution });
}
