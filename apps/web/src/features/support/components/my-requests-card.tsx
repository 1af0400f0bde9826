import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useOwnRequests } from "../api/list-own-requests";
import { RequestDetails } from "./request-details";

/** The member's own requests, newest first (each withdrawal is one of them). */
export function MyRequestsCard() {
  const { t } = useTranslation("support");
  const query = useOwnRequests();
  const failed = query.isError;
  // A notification links here with ?request=<id>: that request's thread is open and in view.
  const [params] = useSearchParams();
  const linked = params.get("request");
  const loaded = query.isSuccess;
  useEffect(() => {
    if (linked && loaded)
      document.getElementById(`request-${linked}`)?.scrollIntoView?.({ block: "center" });
  }, [linked, loaded]);
  useEffect(() => {
    if (failed) toast.error(t("member.loadFailed"));
  }, [failed, t]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("member.listTitle")}</CardTitle>
        <CardDescription>{t("member.listDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner />
        ) : failed ? (
          <p className="text-sm text-destructive">{t("member.loadFailed")}</p>
        ) : query.data.requests.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("member.empty")}</p>
        ) : (
          <ul className="divide-y" aria-label={t("member.listTitle")}>
            {query.data.requests.map((request) => (
              <li
                key={request.id}
                id={`request-${request.id}`}
                className="py-3"
                data-testid="my-request"
              >
                <RequestDetails
                  request={request}
                  audience="member"
                  initiallyOpen={request.id === linked}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
