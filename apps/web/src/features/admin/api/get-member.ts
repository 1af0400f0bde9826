import { useQuery } from "@tanstack/react-query";
import type { TAdminMemberDetail } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/admin/members/:id: everything the member page shows. */
export function getMember(id: string): Promise<TAdminMemberDetail> {
  return api.get<TAdminMemberDetail>(`/api/admin/members/${encodeURIComponent(id)}`);
}

export const memberQueryKey = (id: string) => ["admin", "member", id] as const;

export function useMember(id: string) {
  return useQuery({ queryKey: memberQueryKey(id), queryFn: () => getMember(id) });
}
