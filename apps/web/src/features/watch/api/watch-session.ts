import type {
  TUnplayableReportResult,
  TWatchCompleteResult,
  TWatchHeartbeat,
  TWatchHeartbeatResult,
  TWatchSession,
} from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** POST /api/videos/:id/sessions: the advertisement starts now (server time). */
export function startWatchSession(videoId: string): Promise<TWatchSession> {
  return api.post<TWatchSession>(`/api/videos/${videoId}/sessions`);
}

/** POST /api/watch-sessions/:id/content: the ad is over, the video content starts. */
export function startContent(sessionId: string): Promise<TWatchSession> {
  return api.post<TWatchSession>(`/api/watch-sessions/${sessionId}/content`);
}

/** POST /api/watch-sessions/:id/heartbeats: what the page shows, every 5 s (ADR 046). */
export function sendHeartbeat(
  sessionId: string,
  heartbeat: TWatchHeartbeat,
): Promise<TWatchHeartbeatResult> {
  return api.post<TWatchHeartbeatResult>(`/api/watch-sessions/${sessionId}/heartbeats`, heartbeat);
}

/**
 * POST /api/watch-sessions/:id/complete with the solved challenge (and the human check's token
 * when the session asked for one): credits watcher and creator once.
 */
export function completeWatchSession(
  sessionId: string,
  solution: string,
  captchaToken?: string,
): Promise<TWatchCompleteResult> {
  return api.post<TWatchCompleteResult>(`/api/watch-sessions/${sessionId}/complete`, {
    solution,
    ...(captchaToken ? { captchaToken } : {}),
  });
}

/** POST /api/videos/:id/unplayable-reports: this video cannot be played here. */
export function reportUnplayable(
  videoId: string,
  errorCode: number,
): Promise<TUnplayableReportResult> {
  return api.post<TUnplayableReportResult>(`/api/videos/${videoId}/unplayable-reports`, {
    errorCode,
  });
}
