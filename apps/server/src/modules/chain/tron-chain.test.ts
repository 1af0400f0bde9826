import { createHash } from "node:crypto";
import { recoverAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTronStandIn,
  type TronStandIn,
  tronFixtures,
} from "../../../test/chain/tron-stand-in";
import type { TronChainConfig } from "../../config/env";
import { Redacted } from "../../lib/redacted";
import type { ChainClient } from "./chain.types";
import { createTronChain } from "./tron-chain";

// The TRC20 client against a local stand-in answering TronGrid's responses (fixtures/tron).
const MEMBER = "TFiuKv2GjUmdDCEbggSg6BFVw3p4vqZSHX";
const SOMEONE = "TLu5sH8Dz76BF8JUrZNtLkLX5qmvSVCmcd";
const USDC = "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8";
const FULL_HEAD = 77_400_030;
const fixtures = tronFixtures();
const tx = (name: string) => {
  const id = fixtures[name]?.txID;
  if (!id) throw new Error(`no fixture ${name}`);
  return id;
};
const expected = { to: MEMBER, amountMicroUsdt: 1_500_000n };

let standIn: TronStandIn;
let chain: ChainClient;
beforeAll(async () => {
  standIn = await startTronStandIn();
  const config: TronChainConfig = {
    network: "TRC20",
    rpcUrl: `${standIn.url}/`,
    token: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    explorer: "https://tronscan.org/#/transaction/{hash}",
    apiKey: new Redacted("stand-in-api-key"),
  };
  chain = createTronChain(config);
});
afterAll(() => standIn?.close());

describe("TRC20 client (Tron HTTP API, 6 decimals)", () => {
  it("accepts 1,500,000 units of the USDT contract to the member as exactly 1.5 USDT", async () => {
    const id = tx("good-transfer");
    expect(await chain.verifyPayout(id, expected)).toEqual({
      ok: true,
      txHash: id,
      blockNumber: 77_400_000n,
      confirmations: FULL_HEAD - 77_400_000 + 1,
    });
    // 0x-prefixed and in capitals: the same transaction.
    expect(await chain.verifyPayout(`0x${id.toUpperCase()}`, expected)).toMatchObject({
      ok: true,
      txHash: id,
    });
    expect(chain.explorerUrl(id)).toBe(`https://tronscan.org/#/transaction/${id}`);
    expect(chain.hotWallet).toBeNull();
  });

  it("sends the API key header when one is configured", () => {
    expect(standIn.requests.at(-1)?.headers["tron-pro-api-key"]).toBe("stand-in-api-key");
  });

  it("refuses a malformed id and an id no node knows", async () => {
    for (const bad of ["", "T123", "0x12", "z".repeat(64)]) {
      expect(await chain.verifyPayout(bad, expected)).toEqual({
        ok: false,
        reason: "MALFORMED_HASH",
      });
    }
    expect(await chain.verifyPayout(tx("not-found"), expected)).toEqual({
      ok: false,
      reason: "NOT_FOUND",
    });
  });

  it("refuses another token, naming its contract", async () => {
    expect(await chain.verifyPayout(tx("wrong-token"), expected)).toMatchObject({
      ok: false,
      reason: "WRONG_TOKEN",
      actual: { token: USDC, to: MEMBER },
    });
  });

  it("refuses another recipient, naming it", async () => {
    expect(await chain.verifyPayout(tx("wrong-recipient"), expected)).toEqual({
      ok: false,
      reason: "WRONG_RECIPIENT",
      actual: { to: SOMEONE, amountMicroUsdt: 1_500_000n, amountRaw: 1_500_000n, decimals: 6 },
    });
  });

  it("refuses another amount, naming it", async () => {
    expect(await chain.verifyPayout(tx("wrong-amount"), expected)).toMatchObject({
      ok: false,
      reason: "WRONG_AMOUNT",
      actual: { to: MEMBER, amountMicroUsdt: 1_490_000n },
    });
  });

  it("refuses a failed (REVERT) transaction and reports it gone", async () => {
    expect(await chain.verifyPayout(tx("reverted"), expected)).toEqual({
      ok: false,
      reason: "REVERTED",
    });
    expect(await chain.progress(tx("reverted"))).toEqual({ state: "gone", reason: "REVERTED" });
  });

  it("refuses a TRX transfer as no token transfer", async () => {
    expect(await chain.verifyPayout(tx("trx-transfer"), expected)).toEqual({
      ok: false,
      reason: "NO_TOKEN_TRANSFER",
    });
  });

  it("calls a broadcast transaction in no block yet UNCONFIRMED (result:true is not a payout)", async () => {
    expect(await chain.verifyPayout(tx("not-in-block"), expected)).toEqual({
      ok: false,
      reason: "UNCONFIRMED",
    });
    expect(await chain.progress(tx("not-in-block"))).toEqual({
      state: "pending",
      confirmations: 0,
    });
  });

  it("confirms only once solidified: in a block on the full node is still pending", async () => {
    const id = tx("unsolidified");
    expect(await chain.verifyPayout(id, expected)).toMatchObject({
      ok: true,
      blockNumber: 77_400_025n,
      confirmations: FULL_HEAD - 77_400_025 + 1,
    });
    expect(await chain.progress(id)).toEqual({
      state: "pending",
      confirmations: FULL_HEAD - 77_400_025 + 1,
    });
    expect(await chain.progress(tx("good-transfer"))).toEqual({
      state: "confirmed",
      confirmations: FULL_HEAD - 77_400_000 + 1,
    });
    // The solidity node catches up: now confirmed.
    const responses = fixtures.unsolidified?.responses ?? {};
    for (const path of ["gettransactionbyid", "gettransactioninfobyid"]) {
      standIn.override(id, `/walletsolidity/${path}`, responses[`/wallet/${path}`]);
    }
    expect(await chain.progress(id)).toEqual({ state: "confirmed", confirmations: 6 });
  });

  it("reports a transaction that vanished from the node (expired, forked away) as DROPPED", async () => {
    const id = tx("not-in-block");
    standIn.override(id, "/wallet/gettransactionbyid", {});
    expect(await chain.progress(id)).toEqual({ state: "gone", reason: "DROPPED" });
    expect(chain.requiredConfirmations).toBe(19);
  });
});

describe("Tron fixtures (fixtures/tron, TronGrid's shape)", () => {
  const withTx = Object.entries(fixtures).filter(
    ([, f]) => f.txID && f.responses["/wallet/gettransactionbyid"],
  );

  it.each(withTx.filter(([name]) => name !== "not-found"))(
    "%s: txID is the SHA-256 of raw_data_hex, signed by the owner_address, and the log matches the call",
    async (_name, fixture) => {
      const body = fixture.responses["/wallet/gettransactionbyid"] as {
        txID: string;
        raw_data_hex: string;
        signature: string[];
        raw_data: { contract: { parameter: { value: Record<string, string> } }[] };
      };
      expect(body.txID).toBe(fixture.txID);
      expect(createHash("sha256").update(Buffer.from(body.raw_data_hex, "hex")).digest("hex")).toBe(
        body.txID,
      );
      const value = body.raw_data.contract[0]?.parameter.value ?? {};
      const signer = await recoverAddress({
        hash: `0x${body.txID}`,
        signature: `0x${body.signature[0]}`,
      });
      expect(`41${signer.slice(2).toLowerCase()}`).toBe(value.owner_address);
      const info = fixture.responses["/wallet/gettransactioninfobyid"] as {
        log?: { address: string; topics: string[]; data: string }[];
      };
      const log = info.log?.[0];
      if (log && value.data) {
        expect(`41${log.address}`).toBe(value.contract_address);
        expect(value.data).toBe(`a9059cbb${log.topics[2]}${log.data}`);
        expect(log.topics[1]).toBe(`${"0".repeat(24)}${value.owner_address?.slice(2)}`);
      }
    },
  );
});
