/** Claims of one process that may wait on the database at once while the date's winner is unknown. */
const IN_FLIGHT = 4;

/** What `admit` answers: go on to the database (and call `done` once answered), or "Too Late!". */
export type Admission = { done: () => void } | "tooLate";

/**
 * The Daily First Claim as this process knows it (ADR 037): once it has seen the date's winner
 * committed — its own claim won, the database refused one as already claimed, or the events state
 * read the winner — every other member's claim for that date is answered "Too Late!" from memory,
 * before any query. The database stays the arbiter: the gate only learns from committed answers,
 * and another instance's winner is learned from that instance's first refusal here. Until the
 * winner is known, at most IN_FLIGHT claims go to the database at once and the rest wait for one
 * of them to settle, so a storm at the opening second costs a handful of claim calls, not one per
 * claimant. The entry is the Los Angeles date: a new date starts unknown.
 */
export function createDailyClaimGate(limit = IN_FLIGHT) {
  let known: { date: string; winnerId: string } | undefined;
  let inFlight = 0;
  let waiters: Array<() => void> = [];

  const wakeAll = () => {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };

  return {
    /** The winner of `date` as this process knows it. */
    winnerOf(date: string): string | undefined {
      return known?.date === date ? known.winnerId : undefined;
    },

    /** A committed winner of `date` (never a guess): everyone waiting is answered. */
    remember(date: string, winnerId: string): void {
      known = { date, winnerId };
      wakeAll();
    },

    /**
     * Waits for a turn: "tooLate" once another member is known to have won `date`; otherwise the
     * caller may ask the database and must call `done` (once is enough; more are ignored) when
     * the answer is in.
     */
    async admit(date: string, memberId: string): Promise<Admission> {
      for (;;) {
        const winner = known?.date === date ? known.winnerId : undefined;
        if (winner !== undefined && winner !== memberId) return "tooLate";
        if (winner === memberId || inFlight < limit) {
          inFlight++;
          let open = true;
          return {
            done: () => {
              if (!open) return;
              open = false;
              inFlight--;
              if (known?.date === date) wakeAll();
              else waiters.shift()?.();
            },
          };
        }
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

export type DailyClaimGate = ReturnType<typeof createDailyClaimGate>;
