/**
 * The background loop of an outbox (e-mail, Web Push): one run at a time, every `intervalMs`
 * while started, soon after a nudge (several nudges inside `nudgeDelayMs` make one run), never
 * after stop. A failed run is reported to `onError` and the loop carries on.
 */
export interface PollLoop {
  /** Runs now unless a run is already going or the loop has stopped. */
  kick(): void;
  /** Something may be due: run shortly (nudges close together make one run). */
  nudge(): void;
  /** Runs now and then every interval. */
  start(): void;
  /** No new run starts; resolves once the run in progress (if any) has finished. */
  stop(): Promise<void>;
  /** True once stop was called (a run checks it to hand back what it has not done yet). */
  readonly stopping: boolean;
}

export interface PollLoopOptions {
  run: () => Promise<unknown>;
  onError: (error: unknown) => void;
  intervalMs?: number;
  nudgeDelayMs?: number;
}

export function createPollLoop(opts: PollLoopOptions): PollLoop {
  const intervalMs = opts.intervalMs ?? 15_000;
  const nudgeDelayMs = opts.nudgeDelayMs ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let nudgeTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopping = false;

  function kick(): void {
    if (running || stopping) return;
    running = opts
      .run()
      .then(
        () => undefined,
        (error: unknown) => opts.onError(error),
      )
      .finally(() => {
        running = undefined;
      });
  }

  return {
    kick,
    nudge() {
      if (stopping) return;
      nudgeTimer ??= setTimeout(() => {
        nudgeTimer = undefined;
        kick();
      }, nudgeDelayMs);
      nudgeTimer.unref();
    },
    start() {
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      if (nudgeTimer) clearTimeout(nudgeTimer);
      await running;
    },
    get stopping() {
      return stopping;
    },
  };
}
