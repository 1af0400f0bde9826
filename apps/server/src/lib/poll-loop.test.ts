import { afterEach, describe, expect, it, vi } from "vitest";
import { createPollLoop } from "./poll-loop";

afterEach(() => {
  vi.useRealTimers();
});

/** A run that stays open until `release` is called. */
function gatedRun() {
  let release = () => {};
  const run = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
      }),
  );
  return { run, release: () => release() };
}

describe("createPollLoop", () => {
  it("runs one at a time: a kick during a run is dropped", async () => {
    const { run, release } = gatedRun();
    const loop = createPollLoop({ run, onError: () => {} });
    loop.kick();
    loop.kick();
    expect(run).toHaveBeenCalledTimes(1);
    release();
    await loop.stop();
  });

  it("makes one run of several nudges close together", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const loop = createPollLoop({ run, onError: () => {}, nudgeDelayMs: 100 });
    loop.nudge();
    loop.nudge();
    loop.nudge();
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
    await loop.stop();
  });

  it("runs at start and then every interval", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const loop = createPollLoop({ run, onError: () => {}, intervalMs: 1000 });
    loop.start();
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2500);
    expect(run).toHaveBeenCalledTimes(3);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it("reports a failed run and carries on", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const loop = createPollLoop({
      run: async () => {
        calls++;
        if (calls === 1) throw new Error("boom");
      },
      onError: (error) => errors.push(error),
    });
    loop.kick();
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    loop.kick();
    await vi.waitFor(() => expect(calls).toBe(2));
    expect(errors).toHaveLength(1);
    await loop.stop();
  });

  it("stop waits for the run in progress and starts no other", async () => {
    const { run, release } = gatedRun();
    const loop = createPollLoop({ run, onError: () => {} });
    loop.kick();
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    expect(loop.stopping).toBe(true);
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    loop.kick();
    loop.nudge();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
