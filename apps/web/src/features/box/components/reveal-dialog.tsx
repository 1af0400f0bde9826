import type { TBoxOpening } from "@viewvault/shared";
import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { fairnessHref } from "../lib/web-fairness";
import { ItemArt, RarityPill } from "./item-art";

/** The item an opening revealed: art, name, rarity, description, no cash value, the seed. */
export function RevealDialog({
  opening,
  onClose,
}: {
  opening: TBoxOpening | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("box");
  return (
    <Dialog open={opening !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t("reveal.close")}>
        {opening ? (
          <>
            <div className="flex justify-center pt-2">
              <ItemArt
                itemId={opening.itemId}
                rarity={opening.rarity}
                size="lg"
                className="motion-safe:animate-box-pop"
              />
            </div>
            <DialogHeader className="items-center text-center">
              <DialogTitle>
                {t("reveal.title", { item: t(`items.${opening.itemId}.name`) })}
              </DialogTitle>
              <div className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
                <span>{t("reveal.rarity")}</span>
                <RarityPill rarity={opening.rarity} label={t(`rarity.${opening.rarity}`)} />
              </div>
              <DialogDescription>{t(`items.${opening.itemId}.description`)}</DialogDescription>
            </DialogHeader>
            <p className="rounded-md border border-border bg-muted/50 p-3 text-sm">
              {t("reveal.noCashValue")}
            </p>
            <div className="grid gap-1 text-xs">
              <span className="text-muted-foreground">{t("reveal.seed")}</span>
              <code className="font-mono break-all" data-testid="revealed-seed">
                {opening.serverSeed}
              </code>
            </div>
            <DialogFooter>
              <Button asChild variant="outline">
                <Link to={fairnessHref(opening)}>
                  <ShieldCheck aria-hidden="true" />
                  {t("reveal.verifyRoll")}
                </Link>
              </Button>
              <Button variant="gradient" onClick={onClose}>
                {t("reveal.close")}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
