import type { TMe, TUpdateProfileRequest } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** PATCH /api/me/profile: username and/or language. */
export function updateProfile(patch: TUpdateProfileRequest): Promise<TMe> {
  return api.patch<TMe>("/api/me/profile", patch);
}
