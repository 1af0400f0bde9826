export * from "./audit";
export * from "./auth";
export * from "./ledger";
export * from "./mail";
export * from "./money";
export * from "./platform";
export * from "./profiles";
export * from "./videos";
