import type { AuthClient } from "./better-auth-client";

export type { AuthClient };

let pending: Promise<AuthClient> | null = null;

/** Loads the Better Auth client on first use (sign-in, settings…), then reuses it. */
export function loadAuthClient(): Promise<AuthClient> {
  pending ??= import("./better-auth-client").then((module) => module.authClient);
  return pending;
}

/** Starts downloading the client early (e.g. when the sign-in page opens). */
export function preloadAuthClient(): void {
  void loadAuthClient();
}
