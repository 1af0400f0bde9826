import {
  PRODUCT_NAME,
  type TInclusionProof,
  type VerifyResult,
  verifyInclusion,
} from "@viewvault/shared";
import { CircleCheck, CircleX, Download, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useInclusionProof } from "../api/get-inclusion-proof";

function downloadJson(name: string, value: unknown): void {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(value, null, 2)], { type: "application/json" }),
  );
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The signed-in member's leaf, the path to the root, and "Verify" recomputing it here. */
export function InclusionCheck({
  snapshotId,
  signedIn,
}: {
  snapshotId: string;
  signedIn: boolean;
}) {
  const { t } = useTranslation("transparency");
  const query = useInclusionProof(snapshotId, signedIn);
  return (
    <Card data-testid="reserves-inclusion">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          {t("reserves.mine.title")}
        </CardTitle>
        {signedIn ? null : <CardDescription>{t("reserves.mine.signIn")}</CardDescription>}
      </CardHeader>
      {signedIn ? (
        <CardContent className="grid gap-4">
          {query.isPending ? (
            <Spinner className="size-4" />
          ) : query.isError ? (
            <p className="text-sm text-muted-foreground" role="note">
              {query.error instanceof ApiError && query.error.status === 404
                ? t("reserves.mine.notIncluded")
                : t("reserves.loadFailed")}
            </p>
          ) : (
            <ProofView proof={query.data} />
          )}
        </CardContent>
      ) : null}
    </Card>
  );
}

function ProofView({ proof }: { proof: TInclusionProof }) {
  const { t } = useTranslation("transparency");
  const fmt = useMoneyFormat();
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [running, setRunning] = useState(false);
  const verify = () => {
    setRunning(true);
    setResult(null);
    // Next frame: the button shows its state before the hashing runs.
    requestAnimationFrame(() => {
      setResult(verifyInclusion(proof));
      setRunning(false);
    });
  };
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("reserves.mine.balance")}</dt>
        <dd className="font-semibold tabular-nums" data-testid="reserves-my-balance">
          {fmt.amount(proof.leaf.balance, "USDT")}
        </dd>
        <dt className="text-muted-foreground">{t("reserves.mine.index")}</dt>
        <dd className="tabular-nums">{proof.leaf.index}</dd>
        <dt className="text-muted-foreground">{t("reserves.mine.nonce")}</dt>
        <dd className="break-all font-mono text-xs">{proof.leaf.nonce}</dd>
      </dl>
      <details className="text-sm">
        <summary className="cursor-pointer">
          {t("reserves.mine.path", { count: proof.path.length })}
        </summary>
        <ol className="mt-2 grid gap-1 font-mono text-xs">
          {proof.path.map((step, i) => (
            <li key={`${i}-${step.hash}`} className="break-all">
              {t("reserves.mine.sibling", {
                level: i + 1,
                side: t(
                  ((proof.leaf.index >> i) & 1) === 1
                    ? "reserves.mine.left"
                    : "reserves.mine.right",
                ),
                sum: fmt.amount(step.sum, "USDT"),
              })}
              : {step.hash}
            </li>
          ))}
        </ol>
      </details>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={verify} disabled={running} data-testid="reserves-verify">
          {running ? <Spinner className="size-4" /> : <ShieldCheck aria-hidden="true" />}
          {running ? t("reserves.mine.verifying") : t("reserves.mine.verify")}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => downloadJson(`inclusion-${proof.snapshotId}.json`, proof)}
          data-testid="reserves-proof-download"
        >
          <Download aria-hidden="true" />
          {t("reserves.mine.download")}
        </Button>
      </div>
      <div aria-live="polite">{result ? <VerifySteps result={result} /> : null}</div>
      <p className="text-xs text-muted-foreground">
        {t("reserves.mine.offline", { product: PRODUCT_NAME })}
      </p>
    </>
  );
}

function VerifySteps({ result }: { result: VerifyResult }) {
  const { t } = useTranslation("transparency");
  const fmt = useMoneyFormat();
  return (
    <div className="grid gap-2" data-testid="reserves-verify-result">
      <p
        className={
          result.ok
            ? "flex items-center gap-2 font-medium text-primary"
            : "flex items-center gap-2 font-medium text-destructive"
        }
        role="status"
      >
        {result.ok ? (
          <CircleCheck aria-hidden="true" className="size-5" />
        ) : (
          <CircleX aria-hidden="true" className="size-5" />
        )}
        {result.ok
          ? t("reserves.mine.verified")
          : t("reserves.mine.failed", { reason: result.reason })}
      </p>
      {result.leafHash ? (
        <ol className="grid gap-1 font-mono text-xs">
          <li className="break-all">
            {t("reserves.mine.leafHash")}: {result.leafHash}
          </li>
          {result.steps.map((s) => (
            <li key={s.level} className="break-all">
              {t("reserves.mine.step", {
                level: s.level,
                hash: s.hash,
                sum: fmt.amount(s.sum, "USDT"),
              })}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
