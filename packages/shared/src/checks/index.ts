export * from "./add-video-checks";
export * from "./market-checks";
export * from "./swap-checks";
export * from "./transfer-checks";
export * from "./withdraw-checks";
