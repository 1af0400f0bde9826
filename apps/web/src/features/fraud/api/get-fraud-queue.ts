import { useQuery } from "@tanstack/react-query";
import type { TFraudQueue } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/fraud/queue: clusters sharing a device or network, and high-risk members. */
export function getFraudQueue(): Promise<TFraudQueue> {
  return api.get<TFraudQueue>("/api/fraud/queue");
}

export const fraudQueueQueryKey = ["fraud", "queue"] as const;

export function useFraudQueue() {
  return useQuery({ queryKey: fraudQueueQueryKey, queryFn: getFraudQueue });
}
