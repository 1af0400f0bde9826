import { ATTENTION, type Locale, type TUnplayableReportResult } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Mailer } from "../mail/mail.service";
import { renderMail } from "../mail/mail.templates";
import { findVideo } from "../videos/videos.repository";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A member reports that a video cannot be played here (the player's error, or its API that did
 * not load): one report per member per video (a repeat changes nothing); the member's open session
 * on it is abandoned (it cannot pay them, ADR 064). When the reports of
 * ATTENTION.unplayableReportsToHide different members are in, the video leaves the feed and its
 * owner is told by e-mail in their language, in the same transaction (the outbox delivers it).
 */
export interface ReportUnplayableOptions {
  db: Db;
  clock: Clock;
  mailer: Pick<Mailer, "queue">;
  publicUrl: string;
  memberId: string;
  /** The video id as the request gave it (checked here). */
  rawVideoId: string;
  /** The player's error code (0 when its API did not load). */
  errorCode: number;
}

export async function reportUnplayable(
  options: ReportUnplayableOptions,
): Promise<TUnplayableReportResult> {
  const { db, clock, mailer, publicUrl, memberId, rawVideoId, errorCode } = options;
  if (!UUID_RE.test(rawVideoId)) throw new AppError("NOT_FOUND", { context: "video" });
  const videoId = rawVideoId.toLowerCase();
  return db.transaction(async (tx) => {
    const now = clock.now();
    // The video's row lock serializes its reports, so exactly one sees the threshold reached.
    const video = await findVideo(tx, videoId, { forUpdate: true });
    if (!video) throw new AppError("NOT_FOUND", { context: "video" });
    if (video.userId === memberId) throw new AppError("OWN_VIDEO");
    const inserted = await queryRows<{ one: number }>(
      tx,
      sql`insert into video_unplayable_reports (video_id, user_id, error_code, created_at)
          values (${videoId}::uuid, ${memberId}::uuid, ${errorCode}, ${now.toISOString()}::timestamptz)
          on conflict do nothing returning 1 as one`,
    );
    // The member's open session on it cannot pay them: it ends here (ADR 064), so a reload shows
    // why instead of continuing it.
    await tx.execute(
      sql`update ads_sessions set status = 'ABANDONED'
          where user_id = ${memberId}::uuid and video_id = ${videoId}::uuid
            and status in ('AD', 'CONTENT')`,
    );
    if (inserted.length === 0) return { hidden: false };
    // Only the report that reaches the threshold hides the video (the row lock serializes them).
    const hidden = await queryRows<{ title: string; email: string; locale: string }>(
      tx,
      sql`update videos v set unplayable_at = ${now.toISOString()}::timestamptz
          from profiles p join users u on u.id = p.auth_uid
          where v.id = ${videoId}::uuid and v.unplayable_at is null and p.id = v.user_id
            and (select count(*) from video_unplayable_reports r where r.video_id = v.id)
                >= ${ATTENTION.unplayableReportsToHide}
          returning v.title, u.email, p.locale`,
    );
    const owner = hidden[0];
    if (!owner) return { hidden: false };
    const locale: Locale = owner.locale === "pt-BR" ? "pt-BR" : "en";
    const mail = renderMail("videoUnplayable", locale, {
      url: `${publicUrl}/dashboard`,
      title: owner.title,
    });
    await mailer.queue(tx, { to: owner.email, kind: "video-unplayable", ...mail });
    return { hidden: true };
  });
}
