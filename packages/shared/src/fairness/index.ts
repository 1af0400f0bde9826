export * from "./box";
export * from "./vectors";
