import { zodResolver } from "@hookform/resolvers/zod";
import { type TAdminMemberSearch, ZAdminMemberSearch } from "@viewvault/shared";
import { ChevronRight, Search } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useMemberSearch } from "../api/search-members";
import { MemberStatus } from "./member-status";

/** Find members by username or e-mail prefix, or id; 25 a page (?q= keeps the search). */
export function MemberSearch() {
  const { t } = useTranslation("admin");
  const fmt = useMoneyFormat();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [pages, setPages] = useState<string[]>([]);
  const after = pages[pages.length - 1] ?? null;
  const search = useMemberSearch(q, after);
  const form = useForm<z.input<typeof ZAdminMemberSearch>, unknown, TAdminMemberSearch>({
    resolver: zodResolver(ZAdminMemberSearch),
    defaultValues: { q },
  });

  return (
    <div className="grid gap-4">
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={form.handleSubmit((values) => {
          const next = new URLSearchParams(params);
          next.set("q", values.q);
          setParams(next, { replace: true });
          setPages([]);
        })}
      >
        <div className="grid min-w-0 flex-1 gap-2">
          <Label htmlFor="admin-search">{t("search.label")}</Label>
          <Input
            id="admin-search"
            type="search"
            autoComplete="off"
            placeholder={t("search.placeholder")}
            aria-describedby="admin-search-hint"
            {...form.register("q")}
          />
        </div>
        <Button type="submit">
          <Search aria-hidden="true" />
          {t("search.submit")}
        </Button>
        <p id="admin-search-hint" className="basis-full text-xs text-muted-foreground">
          {t("search.hint")}
        </p>
      </form>

      {search.isPending ? (
        <Spinner label={t("common:a11y.loading")} />
      ) : search.isError ? (
        <p className="text-sm text-destructive">{t("loadFailed")}</p>
      ) : search.data.members.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("search.empty")}</p>
      ) : (
        <Card>
          <CardContent className="p-0">
            <ul className="divide-y" aria-busy={search.isFetching}>
              {search.data.members.map((m) => (
                <li
                  key={m.id}
                  className="relative grid grid-cols-[1fr_auto] items-center gap-2 px-4 py-3 hover:bg-accent sm:grid-cols-[12rem_1fr_auto_auto_auto]"
                >
                  <span className="truncate font-medium">@{m.username}</span>
                  <span className="col-start-1 truncate text-sm text-muted-foreground sm:col-start-auto">
                    {m.email}
                  </span>
                  <span className="text-xs">{t(`roles.${m.role}`)}</span>
                  <MemberStatus member={m} />
                  <span className="hidden text-xs text-muted-foreground sm:inline">
                    {fmt.date(m.createdAt)}
                    <ChevronRight aria-hidden="true" className="ml-1 inline size-4" />
                  </span>
                  {/* The whole row opens the member: a link laid over it, named "Open @user",
                        while the row's texts stay separate (ADR 035: a link named apart from
                        the texts it wraps fails label-content-name-mismatch). */}
                  <Link
                    to={`/admin/members/${m.id}`}
                    aria-label={t("search.open", { username: m.username })}
                    className="absolute inset-0 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
                  />
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      <div className="flex flex-wrap gap-2">
        {pages.length ? (
          <Button variant="outline" onClick={() => setPages([])}>
            {t("search.first")}
          </Button>
        ) : null}
        {search.data?.next ? (
          <Button
            variant="outline"
            onClick={() => {
              const next = search.data?.next;
              if (next) setPages((list) => [...list, next]);
            }}
          >
            {t("search.more")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
