import type { ComponentType, ReactNode } from "react";

/**
 * What a staff action needs from the admin console, handed in by the route (features never
 * import each other): the step-up guard and its dialog, and the reason dialog.
 */
export interface StaffActionKit {
  /** When the server answered STEP_UP_REQUIRED: asks for the password or a 2FA code, then retries. */
  guard: (error: unknown, retry: () => void) => boolean;
  /** The step-up dialog, rendered where the actions live. */
  dialog: ReactNode;
  ReasonDialog: ComponentType<{
    title: string;
    description: string;
    confirmLabel: string;
    destructive?: boolean;
    pending: boolean;
    onConfirm: (reason: string, report: (error: unknown) => void) => void;
    onClose: () => void;
  }>;
}
