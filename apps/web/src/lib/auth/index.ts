export { VERIFIED_CALLBACK } from "./auth-actions";
export { safeRedirect, useAuth } from "./auth-context";
export { AuthError, authErrorMessage, callAuth, passkeyError } from "./auth-error";
export { meQueryKey } from "./get-me";
export { loadAuthClient, preloadAuthClient } from "./load-auth-client";
