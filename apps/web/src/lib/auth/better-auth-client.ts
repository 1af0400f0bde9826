import { createAuthClient } from "better-auth/client";
import { inferAdditionalFields, twoFactorClient, usernameClient } from "better-auth/client/plugins";

/**
 * The Better Auth client. Only ever imported dynamically (see load-auth-client.ts) so that
 * pages that never sign anyone in (the landing page, policies) do not download it.
 */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  // Looks fetch up on every call (not once at start), so tests can replace it.
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
  plugins: [
    usernameClient(),
    // The sign-in form reads `twoFactorRedirect` itself and shows the code step in place.
    twoFactorClient({ onTwoFactorRedirect: () => {} }),
    inferAdditionalFields({
      user: {
        referralId: { type: "string", required: false },
        locale: { type: "string", required: false },
      },
    }),
  ],
});

export type AuthClient = typeof authClient;
