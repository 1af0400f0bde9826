import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { argName, callSql, declaredCalls, functionCall, valuesOf } from "./function-call";

const TRANSFER = functionCall(
  "vv_transfer",
  {
    p_sender: "uuid",
    p_key: "text?",
    p_route: "text",
    p_hash: "text",
    p_recipient: "text?",
    p_currency: "text",
    p_amount: "bigint",
    p_sender_username: "text",
  },
  "jsonb",
);
const now = new Date("2026-01-01T00:00:00Z");

describe("functionCall", () => {
  it("builds the statement once, positional, with each argument's type (nullable types cast as the type)", () => {
    expect(TRANSFER.text).toBe(
      "select vv_transfer($1::uuid, $2::text, $3::text, $4::text, $5::text, $6::text, $7::bigint, $8::text) as outcome",
    );
    expect(TRANSFER.name).toMatch(/^vv_[0-9a-f]{20}$/);
    expect(declaredCalls).toContain(TRANSFER);
  });

  it("passes named arguments in the function's order, whatever order the call writes them in", () => {
    const values = valuesOf(TRANSFER, {
      senderUsername: "alice",
      amount: 5n,
      currency: "VIEWS",
      recipient: null,
      hash: "h",
      route: "r",
      key: null,
      sender: "s",
    });
    expect(values).toEqual(["s", null, "r", "h", null, "VIEWS", 5n, "alice"]);
  });

  it("names an argument without p_, in camelCase", () => {
    expect(argName("p_sender_username")).toBe("senderUsername");
    expect(argName("p_commission_bps")).toBe("commissionBps");
    expect(argName("p_now")).toBe("now");
  });

  it("types each argument from its declaration (checked by tsc)", () => {
    const call = functionCall(
      "vv_x",
      { p_now: "timestamptz", p_limit: "int", p_note: "text?" },
      "jsonb",
    );
    expect(valuesOf(call, { now, limit: 1, note: null })).toEqual([now, 1, null]);
    // @ts-expect-error a timestamptz takes a Date, not its text
    valuesOf(call, { now: now.toISOString(), limit: 1, note: null });
    // @ts-expect-error an int takes a number
    valuesOf(call, { now, limit: 1n, note: null });
    // @ts-expect-error every argument is required, a nullable one too
    valuesOf(call, { now, limit: 1 });
    // @ts-expect-error an argument the function does not take
    valuesOf(call, { now, limit: 1, note: null, extra: 1 });
    // @ts-expect-error only a nullable argument takes null
    valuesOf(call, { now: null, limit: 1, note: null });
  });

  it("builds the same call for a transaction, one parameter per argument (an array too)", () => {
    const call = functionCall("vv_y", { p_now: "timestamptz", p_kinds: "text[]" }, "integer");
    const query = new PgDialect().sqlToQuery(callSql(call, { kinds: ["a", "b"], now }));
    expect(query.sql).toBe("select vv_y($1::timestamptz, $2::text[]) as outcome");
    expect(query.params).toEqual([now, ["a", "b"]]);
  });
});
