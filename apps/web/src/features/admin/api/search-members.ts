import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TAdminMemberPage } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/admin/members: a page of members by username/e-mail prefix or id. */
export function searchMembers(q: string, after: string | null): Promise<TAdminMemberPage> {
  const params = new URLSearchParams({ q });
  if (after) params.set("after", after);
  return api.get<TAdminMemberPage>(`/api/admin/members?${params}`);
}

export function useMemberSearch(q: string, after: string | null) {
  return useQuery({
    queryKey: ["admin", "members", q, after],
    queryFn: () => searchMembers(q, after),
    placeholderData: keepPreviousData,
  });
}
