import { Loader2 } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Button } from "@/components/ui/button";

/** A money form's submit button, and why it is disabled when it is (beside it). */
export type SubmitProps = {
  label: string;
  /** The idle icon; a spinner replaces it while `pending`. */
  icon: ReactNode;
  /** The label while pending (defaults to `label`). */
  pendingLabel?: string;
  /** The idempotent mutation's `isPending` (or a lookup before the confirmation). */
  pending?: boolean;
  disabled?: boolean;
  /**
   * Why the button is disabled, shown beside it and describing it (a button that would be
   * refused is disabled with its reason, never offered and then refused).
   */
  why?: { id: string; text: ReactNode } | null;
  ref?: Ref<HTMLButtonElement>;
  /** The button's width (full by default; a bare form's grid stretches it anyway). */
  className?: string;
};

export function SubmitButton({
  label,
  icon,
  pendingLabel,
  pending = false,
  disabled,
  why,
  ref,
  className = "w-full",
}: SubmitProps) {
  const button = (
    <Button
      ref={ref}
      type="submit"
      variant="gradient"
      size="lg"
      className={className}
      disabled={disabled ?? pending}
      aria-describedby={why ? why.id : undefined}
    >
      {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : icon}
      {pending ? (pendingLabel ?? label) : label}
    </Button>
  );
  // The button keeps its place (and identity) whether or not a reason shows under it.
  return (
    <>
      {button}
      {why ? (
        <p id={why.id} className="-mt-2 text-sm text-muted-foreground" data-testid="submit-why">
          {why.text}
        </p>
      ) : null}
    </>
  );
}
