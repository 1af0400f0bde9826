import { Send, Share2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { copyToClipboard } from "@/lib/copy-to-clipboard";
import { toast } from "@/lib/toast";

/** Whether this browser can open the system share sheet for a link (Web Share API). */
function canShare(data: ShareData): boolean {
  if (typeof navigator === "undefined" || typeof navigator.share !== "function") return false;
  return typeof navigator.canShare === "function" ? navigator.canShare(data) : true;
}

/**
 * Share the invite link: the system share sheet where the browser has the Web Share
 * API (phones), the link copied otherwise; and direct links to WhatsApp, Telegram and X.
 */
export function ShareButtons({ link }: { link: string }) {
  const { t } = useTranslation("referrals");
  const text = t("share.text");
  const data: ShareData = { title: t("share.title"), text, url: link };
  const message = encodeURIComponent(`${text} ${link}`);
  const targets = [
    { id: "whatsapp", href: `https://wa.me/?text=${message}` },
    {
      id: "telegram",
      href: `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`,
    },
    { id: "x", href: `https://x.com/intent/post?text=${message}` },
  ] as const;

  async function share() {
    if (canShare(data)) {
      try {
        await navigator.share(data);
      } catch {
        // Closed by the member (AbortError) or refused: nothing to say.
      }
      return;
    }
    if (await copyToClipboard(link)) toast.success(t("common:copy.linkCopied"));
    else toast.error(t("common:copy.failed"));
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="gradient" onClick={() => void share()}>
        <Share2 aria-hidden="true" />
        {t("share.button")}
      </Button>
      {targets.map((target) => (
        <Button key={target.id} asChild variant="outline" size="sm" className="h-10">
          <a href={target.href} target="_blank" rel="noopener noreferrer">
            <Send aria-hidden="true" />
            {t(`share.targets.${target.id}`)}
          </a>
        </Button>
      ))}
    </div>
  );
}
