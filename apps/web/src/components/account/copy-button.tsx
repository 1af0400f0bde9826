import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, type ButtonProps } from "@/components/ui/button";
import { copyToClipboard } from "@/lib/copy-to-clipboard";
import { toast } from "@/lib/toast";

/** Copies `text` and confirms with a toast ("Link Copied!" by default). */
export function CopyButton({
  text,
  label,
  toastMessage,
  ...props
}: Omit<ButtonProps, "onClick"> & { text: string; label: string; toastMessage?: string }) {
  const { t } = useTranslation("common");
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      {...props}
      onClick={async () => {
        if (await copyToClipboard(text)) {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
          toast.success(toastMessage ?? t("copy.linkCopied"));
        } else {
          toast.error(t("copy.failed"));
        }
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {label}
    </Button>
  );
}
