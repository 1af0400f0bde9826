import type { TMailboxMessage } from "@viewvault/shared";
import { ExternalLink, Inbox, Mail } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { currentLocale } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { linksIn, localHref } from "./message-links";

/** The outbox: a list of messages and the selected one (HTML in a sandbox, plus its links). */
export function MailboxView({ messages }: { messages: TMailboxMessage[] }) {
  const { t } = useTranslation("mailbox");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = messages.find((message) => message.id === selectedId) ?? messages[0] ?? null;
  const format = new Intl.DateTimeFormat(currentLocale(), {
    dateStyle: "short",
    timeStyle: "medium",
  });

  if (messages.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center text-muted-foreground">
        <Inbox aria-hidden="true" className="size-10" />
        <p>{t("empty")}</p>
      </div>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <ul aria-label={t("listLabel")} className="grid content-start gap-2">
        {messages.map((message) => (
          <li key={message.id}>
            <button
              type="button"
              aria-current={message.id === selected?.id ? "true" : undefined}
              onClick={() => setSelectedId(message.id)}
              className={cn(
                "grid w-full cursor-pointer gap-1 rounded-lg border p-3 text-left text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring",
                message.id === selected?.id && "border-primary bg-accent",
              )}
            >
              <span className="font-medium">{message.subject}</span>
              <span className="truncate text-muted-foreground">
                {t("to")} {message.to}
              </span>
              <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <Badge variant="outline">{message.kind}</Badge>
                <Badge variant={message.status === "failed" ? "default" : "secondary"}>
                  {t(`status.${message.status}`)}
                </Badge>
                <time dateTime={message.createdAt}>
                  {format.format(new Date(message.createdAt))}
                </time>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {selected ? <MessageDetail message={selected} /> : null}
    </div>
  );
}

function MessageDetail({ message }: { message: TMailboxMessage }) {
  const { t } = useTranslation("mailbox");
  const [showHtml, setShowHtml] = useState(false);
  const links = linksIn(`${message.text}\n${message.html}`);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-5 text-primary" />
          {message.subject}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {t("to")} {message.to}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {links.length > 0 ? (
          <section aria-labelledby="mailbox-links" className="grid gap-2">
            <h3 id="mailbox-links" className="text-sm font-semibold">
              {t("links")}
            </h3>
            <ul className="grid gap-1 text-sm">
              {links.map((link) => (
                <li key={link} className="min-w-0">
                  <a
                    href={localHref(link)}
                    className="inline-flex max-w-full items-center gap-1 break-all text-primary underline underline-offset-4"
                  >
                    <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <pre className="max-h-[28rem] overflow-auto rounded-lg border bg-muted/40 p-4 text-sm whitespace-pre-wrap break-words">
          {message.text}
        </pre>
        <details
          className="rounded-lg border"
          onToggle={(event) => setShowHtml(event.currentTarget.open)}
        >
          <summary className="cursor-pointer px-4 py-2 text-sm font-medium">
            {t("htmlPreview")}
          </summary>
          {showHtml ? (
            <iframe
              title={t("preview", { subject: message.subject })}
              srcDoc={message.html.replace(/<a\s/gi, '<a target="_top" ')}
              // No allow-scripts: nothing in a message can run.
              sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
              className="h-[28rem] w-full rounded-b-lg border-t bg-white"
            />
          ) : null}
        </details>
      </CardContent>
    </Card>
  );
}
