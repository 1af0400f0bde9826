import { HandCoins } from "lucide-react";
import { cloneElement, type MouseEvent, type ReactElement, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { lazyPart } from "@/lib/lazy-part";
import { useLoadOnIntent } from "@/lib/use-load-on-intent";

const RequestViewsDialog = lazyPart(() =>
  import("./request-views-dialog").then((module) => module.RequestViewsDialog),
);

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void };

/** The feed's outline button that opens the dialog. */
function DefaultTrigger(props: TriggerProps) {
  const { t } = useTranslation("videos");
  return (
    <Button variant="outline" {...props}>
      <HandCoins aria-hidden="true" />
      {t("feed.requestViews")}
    </Button>
  );
}

/**
 * Request Views (the feed's header, the dashboard's quick actions): its trigger paints with the
 * page, and the dialog's code (Radix Dialog, the form) is not part of the page's first script
 * (ADR 076): it loads when the browser is idle, on hover or focus of the trigger, or at the
 * click, which opens it as soon as it has arrived. Until then the trigger is a look-alike.
 */
export function RequestViews({
  open,
  onOpenChange,
  signedIn,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  /** The element that opens it (default: the feed's outline button). */
  trigger?: ReactElement;
}) {
  const { wanted, want } = useLoadOnIntent(RequestViewsDialog.preload);
  // Opened before its code arrived (a click on the look-alike, or by the page): it shows once
  // the code is there; offline, when the connection is back.
  useEffect(() => {
    if (open && !wanted) want();
  }, [open, wanted, want]);

  const element = (trigger ?? <DefaultTrigger />) as ReactElement<TriggerProps>;
  const placeholder = cloneElement(element, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      element.props.onClick?.(event);
      onOpenChange(true);
    },
    onPointerEnter: want,
    onFocus: want,
  } as TriggerProps);

  if (!wanted) return placeholder;
  return (
    <RequestViewsDialog
      open={open}
      onOpenChange={onOpenChange}
      signedIn={signedIn}
      trigger={element}
    />
  );
}
