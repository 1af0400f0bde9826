import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TAuditPage } from "@viewvault/shared";
import { api } from "@/lib/api-client";

export type AuditFilter = { actor: string; target: string; action: string };

export function auditParams(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value.trim()) params.set(name, value);
  return params;
}

/** GET /api/admin/audit: a page of staff actions, newest first. */
export function getAudit(filter: AuditFilter, before: string | null): Promise<TAuditPage> {
  const params = auditParams(filter);
  if (before) params.set("before", before);
  return api.get<TAuditPage>(`/api/admin/audit?${params}`);
}

export function useAudit(filter: AuditFilter, before: string | null) {
  return useQuery({
    queryKey: ["admin", "audit", filter, before],
    queryFn: () => getAudit(filter, before),
    placeholderData: keepPreviousData,
  });
}
