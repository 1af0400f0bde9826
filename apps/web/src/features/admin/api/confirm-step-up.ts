import { useMutation } from "@tanstack/react-query";
import type { TStepUpRequest, TStepUpState } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** POST /api/admin/step-up: the password or a 2FA code, for the next few minutes. */
export function confirmStepUp(request: TStepUpRequest): Promise<TStepUpState> {
  return api.post<TStepUpState>("/api/admin/step-up", request);
}

export function useConfirmStepUp() {
  return useMutation({ mutationFn: confirmStepUp });
}
