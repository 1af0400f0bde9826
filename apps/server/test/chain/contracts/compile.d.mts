/** What TestUsdt.sol compiles to with solc-js: { compiler, settings, abi, bytecode }. */
export declare function compileTestUsdt(): {
  compiler: string;
  settings: unknown;
  abi: unknown[];
  bytecode: `0x${string}`;
};
/** Whether the committed TestUsdt.json holds what the source compiles to (formatting aside). */
export declare function committedMatchesSource(): boolean;
