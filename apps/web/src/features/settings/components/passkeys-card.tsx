import { useQueryClient } from "@tanstack/react-query";
import { KeyRound, Loader2, Pencil, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { authErrorMessage } from "@/lib/auth";
import { currentLocale } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import {
  addPasskey,
  type Passkey,
  passkeysQueryKey,
  removePasskey,
  renamePasskey,
  usePasskeys,
} from "../api/passkeys";

/** The longest passkey name the server keeps. */
const NAME_MAX = 60;

/** Passkeys (ADR 070): the member's list with add, rename and remove. */
export function PasskeysCard() {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const passkeys = usePasskeys();
  const [busy, setBusy] = useState<string | null>(null);
  const [name, setName] = useState("");
  const supported = typeof window !== "undefined" && Boolean(window.PublicKeyCredential);

  async function run(key: string, action: () => Promise<void>, done: string): Promise<boolean> {
    setBusy(key);
    try {
      await action();
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
      return true;
    } catch (error) {
      toast.error(authErrorMessage(t, error));
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    const label = name.trim() || t("passkeys.defaultName");
    if (await run("add", () => addPasskey(label), t("passkeys.added"))) setName("");
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("passkeys.title")}</CardTitle>
        <CardDescription>{t("passkeys.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeys.isPending ? (
          <Spinner label={t("common:a11y.loading")} className="size-6" />
        ) : passkeys.isError ? (
          <p className="text-sm text-destructive">{authErrorMessage(t, passkeys.error)}</p>
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("passkeys.empty")}</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={t("passkeys.title")}>
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} busy={busy} run={run} />
            ))}
          </ul>
        )}
        {supported ? (
          <form onSubmit={onAdd} className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
            <div className="grid gap-2">
              <Label htmlFor="passkey-name">{t("passkeys.nameLabel")}</Label>
              <Input
                id="passkey-name"
                value={name}
                maxLength={NAME_MAX}
                placeholder={t("passkeys.namePlaceholder")}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
            <Button type="submit" disabled={busy !== null}>
              {busy === "add" ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Plus aria-hidden="true" />
              )}
              {busy === "add" ? t("passkeys.adding") : t("passkeys.add")}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">{t("passkeys.unsupported")}</p>
        )}
      </CardContent>
    </Card>
  );
}

type Run = (key: string, action: () => Promise<void>, done: string) => Promise<boolean>;

function PasskeyRow({ passkey, busy, run }: { passkey: Passkey; busy: string | null; run: Run }) {
  const { t } = useTranslation("settings");
  const [mode, setMode] = useState<"view" | "rename" | "remove">("view");
  const [name, setName] = useState(passkey.name ?? "");
  const label = passkey.name || t("passkeys.defaultName");
  const date = new Intl.DateTimeFormat(currentLocale(), { dateStyle: "medium" });
  const synced = passkey.deviceType === "multiDevice";

  async function onRename(event: FormEvent) {
    event.preventDefault();
    const next = name.trim();
    if (!next) return;
    const ok = await run(
      `rename-${passkey.id}`,
      () => renamePasskey(passkey.id, next),
      t("passkeys.renamed"),
    );
    if (ok) setMode("view");
  }

  return (
    <li className="grid gap-3 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="break-all">{label}</span>
              <Badge variant="secondary">
                {synced ? t("passkeys.synced") : t("passkeys.deviceBound")}
              </Badge>
            </p>
            <p className="text-sm text-muted-foreground">
              {t("passkeys.created", { date: date.format(new Date(passkey.createdAt)) })}
              {" · "}
              {passkey.lastUsedAt
                ? t("passkeys.lastUsed", { date: date.format(new Date(passkey.lastUsedAt)) })
                : t("passkeys.neverUsed")}
            </p>
          </div>
        </div>
        {mode === "view" ? (
          <div className="flex gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={t("passkeys.renameOne", { name: label })}
              onClick={() => setMode("rename")}
              disabled={busy !== null}
            >
              <Pencil aria-hidden="true" />
              {t("passkeys.rename")}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={t("passkeys.removeOne", { name: label })}
              onClick={() => setMode("remove")}
              disabled={busy !== null}
            >
              <Trash2 aria-hidden="true" />
              {t("passkeys.remove")}
            </Button>
          </div>
        ) : null}
      </div>
      {mode === "rename" ? (
        <form onSubmit={onRename} className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor={`passkey-rename-${passkey.id}`}>{t("passkeys.nameLabel")}</Label>
            <Input
              id={`passkey-rename-${passkey.id}`}
              value={name}
              maxLength={NAME_MAX}
              required
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button type="submit" size="sm" disabled={busy !== null}>
            {t("passkeys.save")}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setMode("view")}>
            {t("passkeys.cancel")}
          </Button>
        </form>
      ) : null}
      {mode === "remove" ? (
        <div className="grid gap-2 rounded-md bg-muted p-3">
          <p className="text-sm">{t("passkeys.removeConfirm", { name: label })}</p>
          <div className="flex gap-2">
            <Button
              type="button"
              size="sm"
              variant="destructive"
              disabled={busy !== null}
              onClick={() =>
                void run(
                  `remove-${passkey.id}`,
                  () => removePasskey(passkey.id),
                  t("passkeys.removed"),
                ).then((ok) => !ok && setMode("view"))
              }
            >
              {busy === `remove-${passkey.id}` ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Trash2 aria-hidden="true" />
              )}
              {t("passkeys.remove")}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setMode("view")}>
              {t("passkeys.cancel")}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
