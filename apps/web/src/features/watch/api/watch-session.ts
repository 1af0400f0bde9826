import type { TWatchCompleteResult, TWatchSession } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** POST /api/videos/:id/sessions: the advertisement starts now (server time). */
export function startWatchSession(videoId: string): Promise<TWatchSession> {
  return api.post<TWatchSession>(`/api/videos/${videoId}/sessions`);
}

/** POST /api/watch-sessions/:id/content: the ad is over, the video content starts. */
export function startContent(sessionId: string): Promise<TWatchSession> {
  return api.post<TWatchSession>(`/api/watch-sessions/${sessionId}/content`);
}

/** POST /api/watch-sessions/:id/complete: credits watcher and creator once. */
export function completeWatchSession(sessionId: string): Promise<TWatchCompleteResult> {
  return api.post<TWatchCompleteResult>(`/api/watch-sessions/${sessionId}/complete`);
}
