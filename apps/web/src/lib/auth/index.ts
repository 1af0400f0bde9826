export { VERIFIED_CALLBACK } from "./auth-actions";
export {
  AuthProvider,
  type AuthState,
  type SignInInput,
  type SignInResult,
  type SignUpInput,
  safeRedirect,
  type TwoFactorInput,
  useAuth,
} from "./auth-context";
export { AuthError, authErrorMessage, callAuth } from "./auth-error";
export { meQueryKey } from "./get-me";
export { type Session, type SessionUser, sessionQueryKey } from "./get-session";
export { type AuthClient, loadAuthClient, preloadAuthClient } from "./load-auth-client";
