import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

const WIDTHS = { narrow: "max-w-4xl", wide: "max-w-5xl" } as const;

/**
 * The frame every member page shares: "Back to Dashboard", the page title (the only h1), its
 * subtitle, then the page's own content.
 */
export function MemberPage({
  title,
  subtitle,
  backLabel,
  width = "wide",
  children,
}: {
  title: string;
  subtitle: string;
  backLabel: string;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <div
      className={`mx-auto grid ${WIDTHS[width]} grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 sm:py-10`}
    >
      <div className="grid gap-3">
        <Button asChild variant="ghost" className="justify-self-start">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            {backLabel}
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-muted-foreground">{subtitle}</p>
      </div>
      {children}
    </div>
  );
}
