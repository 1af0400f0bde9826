import { zodResolver } from "@hookform/resolvers/zod";
import { AUDIT_ACTION_NAMES, type TAuditQuery, ZAuditQuery } from "@viewvault/shared";
import { Download, Filter } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { type AuditFilter, auditParams, useAudit } from "../api/get-audit";
import { AuditEventList } from "./audit-event-list";

/** Every staff action, newest first: filter by actor, target and action; page; export as CSV. */
export function AuditLog() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  const filter: AuditFilter = {
    actor: params.get("actor") ?? "",
    target: params.get("target") ?? "",
    action: params.get("action") ?? "",
  };
  const [pages, setPages] = useState<string[]>([]);
  const before = pages[pages.length - 1] ?? null;
  const audit = useAudit(filter, before);
  const form = useForm<TAuditQuery>({ resolver: zodResolver(ZAuditQuery), defaultValues: filter });
  const csv = `/api/admin/audit.csv?${auditParams(filter)}`;

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{t("audit.title")}</CardTitle>
        <CardDescription>{t("audit.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        <form
          noValidate
          className="grid min-w-0 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
          onSubmit={form.handleSubmit((values) => {
            const next = new URLSearchParams(params);
            for (const name of ["actor", "target", "action"] as const) {
              const value = values[name]?.trim();
              if (value) next.set(name, value);
              else next.delete(name);
            }
            setParams(next, { replace: true });
            setPages([]);
          })}
        >
          <div className="grid min-w-0 gap-2">
            <Label htmlFor="audit-actor">{t("audit.actor")}</Label>
            <Input id="audit-actor" autoComplete="off" {...form.register("actor")} />
          </div>
          <div className="grid min-w-0 gap-2">
            <Label htmlFor="audit-target">{t("audit.target")}</Label>
            <Input id="audit-target" autoComplete="off" {...form.register("target")} />
          </div>
          <div className="grid min-w-0 gap-2">
            <Label htmlFor="audit-action">{t("audit.action")}</Label>
            <NativeSelect id="audit-action" className="w-full min-w-0" {...form.register("action")}>
              <option value="">{t("audit.anyAction")}</option>
              {AUDIT_ACTION_NAMES.map((action) => (
                <option key={action} value={action}>
                  {t(`audit.actions.${action}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <Button type="submit">
              <Filter aria-hidden="true" />
              {t("audit.filter")}
            </Button>
            <Button asChild variant="outline">
              <a href={csv} download>
                <Download aria-hidden="true" />
                {t("audit.export")}
              </a>
            </Button>
          </div>
        </form>
        {audit.isPending ? (
          <Spinner label={t("common:a11y.loading")} />
        ) : audit.isError ? (
          <p className="text-sm text-destructive">{t("loadFailed")}</p>
        ) : audit.data.events.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("audit.empty")}</p>
        ) : (
          <AuditEventList events={audit.data.events} />
        )}
        <div className="flex flex-wrap gap-2">
          {pages.length ? (
            <Button variant="outline" onClick={() => setPages([])}>
              {t("audit.newest")}
            </Button>
          ) : null}
          {audit.data?.next ? (
            <Button
              variant="outline"
              onClick={() => {
                const next = audit.data?.next;
                if (next) setPages((list) => [...list, next]);
              }}
            >
              {t("audit.more")}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
