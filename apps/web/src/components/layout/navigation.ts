import {
  AlertTriangle,
  ArrowLeftRight,
  CalendarDays,
  Clapperboard,
  Cookie,
  FileText,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Scale,
  ScrollText,
  Shield,
  ShieldCheck,
  Store,
  Trophy,
  Wallet,
} from "lucide-react";

export type NavLink = { to: string; labelKey: string; icon: LucideIcon };

/** Quick buttons of the top bar (collapsed into the menu on phones). */
export const QUICK_LINKS: NavLink[] = [
  { to: "/dashboard", labelKey: "quick.dashboard", icon: LayoutDashboard },
  { to: "/feed", labelKey: "quick.feed", icon: Clapperboard },
  { to: "/marketplace", labelKey: "quick.marketplace", icon: Store },
];

/** The menu's link groups, as the seeds list them. Downloads is rendered separately. */
export const MENU_GROUPS: { id: "functional" | "institutional"; links: NavLink[] }[] = [
  {
    id: "functional",
    links: [
      { to: "/dashboard", labelKey: "menu.items.dashboard", icon: LayoutDashboard },
      { to: "/feed", labelKey: "menu.items.feed", icon: Clapperboard },
      { to: "/swap", labelKey: "menu.items.swap", icon: ArrowLeftRight },
      { to: "/marketplace", labelKey: "menu.items.marketplace", icon: Store },
      { to: "/events", labelKey: "menu.items.events", icon: CalendarDays },
      { to: "/ranking", labelKey: "menu.items.ranking", icon: Trophy },
      { to: "/support", labelKey: "menu.items.support", icon: LifeBuoy },
    ],
  },
  {
    id: "institutional",
    links: [
      { to: "/whitepaper", labelKey: "menu.items.whitepaper", icon: FileText },
      { to: "/terms-of-use", labelKey: "menu.items.terms", icon: ScrollText },
      { to: "/privacy-policy", labelKey: "menu.items.privacy", icon: Shield },
      { to: "/cookie-policy", labelKey: "menu.items.cookies", icon: Cookie },
      { to: "/aml-kyc-policy", labelKey: "menu.items.amlKyc", icon: ShieldCheck },
      { to: "/risk-disclosure", labelKey: "menu.items.riskDisclosure", icon: AlertTriangle },
      { to: "/withdraw-policy", labelKey: "menu.items.withdrawPolicy", icon: Wallet },
      { to: "/disclaimer", labelKey: "menu.items.disclaimer", icon: Scale },
    ],
  },
];

/** Footer columns: every static page is reachable from here. */
export const FOOTER_COLUMNS: { id: "legal" | "company" | "policies"; links: [string, string][] }[] =
  [
    {
      id: "legal",
      links: [
        ["/terms", "footer.links.terms"],
        ["/privacy", "footer.links.privacy"],
        ["/cookies", "footer.links.cookies"],
        ["/disclaimer", "footer.links.disclaimer"],
        ["/risk-disclosure", "footer.links.riskDisclosure"],
      ],
    },
    {
      id: "company",
      links: [
        ["/about", "footer.links.about"],
        ["/whitepaper", "footer.links.whitepaper"],
        ["/contact", "footer.links.contact"],
        ["/help", "footer.links.help"],
        ["/transparency", "footer.links.transparency"],
        ["/reserves", "footer.links.reserves"],
      ],
    },
    {
      id: "policies",
      links: [
        ["/aml-kyc-policy", "footer.links.amlKyc"],
        ["/withdraw-policy", "footer.links.withdrawPolicy"],
        ["/ad-policy", "footer.links.adPolicy"],
        ["/rewards-policy", "footer.links.rewardsPolicy"],
        ["/referral-policy", "footer.links.referralPolicy"],
        ["/security", "footer.links.security"],
        ["/compliance", "footer.links.compliance"],
      ],
    },
  ];

/** Same-origin link to a generated PDF in the current language. */
export function documentPdfHref(slug: string, lang: string): string {
  return `/api/documents/${slug}.pdf?lang=${encodeURIComponent(lang)}`;
}
