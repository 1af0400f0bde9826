import { useMutation } from "@tanstack/react-query";
import { FEED_REPORT_CODE, type TUnplayableReportResult } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/**
 * POST /api/videos/:id/unplayable-reports from a feed card: the attention work's unplayable-video
 * reports (ADR 046), with the feed's own code. One report per member and video; a repeat changes
 * nothing, so no Idempotency-Key is needed (no money moves).
 */
export function reportVideo(videoId: string): Promise<TUnplayableReportResult> {
  return api.post<TUnplayableReportResult>(`/api/videos/${videoId}/unplayable-reports`, {
    errorCode: FEED_REPORT_CODE,
  });
}

export function useReportVideo() {
  return useMutation({ mutationFn: reportVideo });
}
