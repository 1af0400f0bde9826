import { QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient, refetchAfterChange } from "./query-client";

/** A desk query whose reads the test answers by hand, in the order it chooses. */
function deskQuery(filters: object) {
  const client = createQueryClient();
  const answers: Array<(value: string) => void> = [];
  const queryKey = ["desk", filters];
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
  });
  const unsubscribe = observer.subscribe(() => {});
  return { client, answers, data: () => client.getQueryData(queryKey), unsubscribe };
}

describe("refetchAfterChange", () => {
  it("reads again when the query's first read was sent before the change", async () => {
    const desk = deskQuery({ member: "ana" });
    // The first read of a new filter is on its way (no data yet) when the change lands…
    expect(desk.answers).toHaveLength(1);
    const refreshed = refetchAfterChange(desk.client, ["desk"]);
    // …and its answer, from before the change, arrives after it.
    desk.answers[0]?.("pending");
    await vi.waitFor(() => expect(desk.answers).toHaveLength(2));
    desk.answers[1]?.("processing");
    await refreshed;
    expect(desk.data()).toBe("processing");
    desk.unsubscribe();
  });

  it("reads again a query that already has data", async () => {
    const desk = deskQuery({});
    desk.answers[0]?.("pending");
    await vi.waitFor(() => expect(desk.data()).toBe("pending"));
    const refreshed = refetchAfterChange(desk.client, ["desk"]);
    await vi.waitFor(() => expect(desk.answers).toHaveLength(2));
    desk.answers[1]?.("processing");
    await refreshed;
    expect(desk.data()).toBe("processing");
    desk.unsubscribe();
  });
});
