import { passkeyClient } from "@better-auth/passkey/client";
import { createAuthClient } from "better-auth/client";
import { inferAdditionalFields, twoFactorClient, usernameClient } from "better-auth/client/plugins";
import { DEVICE_ID_HEADER, deviceId, deviceIdNow, needsDeviceId } from "../device-id";

/**
 * The Better Auth client. Only ever imported dynamically (see load-auth-client.ts) so that
 * pages that never sign anyone in (the landing page, policies) do not download it.
 */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  // Looks fetch up on every call (not once at start), so tests can replace it. Sign-ins carry the
  // device signal for the risk score (ADR 048).
  fetchOptions: {
    customFetchImpl: async (input, init) => {
      const url = new URL(
        input instanceof Request ? input.url : String(input),
        window.location.href,
      );
      const device = needsDeviceId(init?.method ?? "GET", url.pathname)
        ? await deviceIdNow()
        : deviceId();
      if (!device) return fetch(input, init);
      const headers = new Headers(init?.headers);
      headers.set(DEVICE_ID_HEADER, device);
      return fetch(input, { ...init, headers });
    },
  },
  plugins: [
    usernameClient(),
    // The sign-in form reads `twoFactorRedirect` itself and shows the code step in place.
    twoFactorClient({ onTwoFactorRedirect: () => {} }),
    passkeyClient(),
    inferAdditionalFields({
      user: {
        referralId: { type: "string", required: false },
        locale: { type: "string", required: false },
      },
    }),
  ],
});

export type AuthClient = typeof authClient;
