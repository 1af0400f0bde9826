import { type ReactNode, useCallback, useState } from "react";
import { ApiError } from "@/lib/api-client";
import { StepUpDialog } from "../components/step-up-dialog";

/**
 * `guard(error, retry)`: when the server answered STEP_UP_REQUIRED, opens the step-up dialog
 * and runs `retry` once the admin confirmed (returns true); otherwise returns false. Render
 * `dialog` where the action lives.
 */
export function useStepUp(): {
  guard: (error: unknown, retry: () => void) => boolean;
  dialog: ReactNode;
} {
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const [action, setAction] = useState<string | undefined>(undefined);
  const guard = useCallback((error: unknown, again: () => void) => {
    if (!(error instanceof ApiError) || error.code !== "STEP_UP_REQUIRED") return false;
    const named = error.params?.action;
    setAction(typeof named === "string" ? named : undefined);
    setRetry(() => again);
    return true;
  }, []);
  const dialog = retry ? (
    <StepUpDialog
      action={action}
      onClose={() => setRetry(null)}
      onConfirmed={() => {
        setRetry(null);
        retry();
      }}
    />
  ) : null;
  return { guard, dialog };
}
