#!/usr/bin/env node
// Compiles TestUsdt.sol with solc-js (the npm `solc` package, offline) into TestUsdt.json
// (ABI + creation bytecode), which the local test chains deploy. `--check` compiles and fails
// when the committed JSON differs (a test runs it: apps/server/test/chain/test-usdt.test.ts).
//   node apps/server/test/chain/contracts/compile.mjs [--check]
import { readFileSync, writeFileSync } from "node:fs";
import solc from "solc";

const SOURCE = new URL("./TestUsdt.sol", import.meta.url);
const OUTPUT = new URL("./TestUsdt.json", import.meta.url);

/** What the source compiles to: { compiler, settings, abi, bytecode } as in TestUsdt.json. */
export function compileTestUsdt() {
  const input = {
    language: "Solidity",
    sources: { "TestUsdt.sol": { content: readFileSync(SOURCE, "utf8") } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
      // No metadata hash: the bytecode depends on the source only, not on file paths.
      metadata: { bytecodeHash: "none", appendCBOR: false },
      outputSelection: { "*": { TestUsdt: ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const contract = output.contracts["TestUsdt.sol"].TestUsdt;
  const json = {
    compiler: `solc-js ${solc.version()}`,
    settings: input.settings,
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
  return json;
}

/** Whether TestUsdt.json holds what the source compiles to (its formatting aside). */
export function committedMatchesSource() {
  const committed = JSON.parse(readFileSync(OUTPUT, "utf8"));
  return JSON.stringify(committed) === JSON.stringify(compileTestUsdt());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--check")) {
    if (!committedMatchesSource()) {
      console.error(
        "TestUsdt.json is out of date: run node apps/server/test/chain/contracts/compile.mjs",
      );
      process.exit(1);
    }
    console.log("TestUsdt.json matches TestUsdt.sol");
  } else {
    writeFileSync(OUTPUT, `${JSON.stringify(compileTestUsdt(), null, 2)}\n`);
    console.log("wrote TestUsdt.json");
  }
}
