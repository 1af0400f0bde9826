import { canonicalYoutubeUrl, youtubeThumbnailUrl } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/client";
import { profiles, videos } from "../db/schema";
import { AppError } from "../lib/app-error";
import { boostVideo, createVideo } from "../modules/videos/videos.service";
import type { SeedOptions } from "./seed-options";

/** Demo feed: [owner, YouTube id, title, country, theme, watched count, boosted]. */
const DEMO_VIDEOS: Array<[string, string, string, string, string, number, boolean?]> = [
  [
    "diego",
    "aqz-KE-bpKQ",
    "Big Buck Bunny 60fps 4K - Official Blender Foundation Short Film",
    "DE",
    "Entertainment",
    312,
    true,
  ],
  [
    "alice",
    "arj7oStGLkU",
    "Inside the mind of a master procrastinator | Tim Urban | TED",
    "US",
    "Education",
    187,
    true,
  ],
  [
    "demo",
    "fJ9rUzIMcZQ",
    "Queen – Bohemian Rhapsody (Official Video Remastered)",
    "UK",
    "Music",
    96,
    true,
  ],
  ["bruno", "kJQP7kiw5Fk", "Luis Fonsi - Despacito ft. Daddy Yankee", "MX", "Music", 421],
  ["carla", "9bZkp7q19f0", "PSY - GANGNAM STYLE (강남스타일) M/V", "KR", "Entertainment", 275],
  ["emma", "jNQXAC9IVRw", "Me at the zoo", "US", "Comedy", 58],
  ["felipe", "pRpeEdMmmQ0", "Shakira - Waka Waka (This Time for Africa)", "BR", "Sports", 143],
  [
    "diego",
    "iG9CE55wbtY",
    "Do schools kill creativity? | Sir Ken Robinson | TED",
    "UK",
    "Education",
    88,
  ],
  ["alice", "eRsGyueVLvQ", "Sintel - Open Movie by Blender Foundation", "FR", "Entertainment", 64],
  ["bruno", "WhWc3b3KhnY", "Spring - Blender Open Movie", "ES", "Travel", 39],
  [
    "carla",
    "OPf0YbXqDm0",
    "Mark Ronson - Uptown Funk (Official Video) ft. Bruno Mars",
    "CA",
    "Music",
    201,
  ],
  ["demo", "JGwWNGJdvx8", "Ed Sheeran - Shape of You (Official Music Video)", "AU", "Music", 167],
  [
    "emma",
    "TcMBFSGVi1c",
    "Marvel Studios' Avengers: Endgame - Official Trailer",
    "US",
    "Entertainment",
    230,
  ],
  ["diego", "60ItHLz5WEA", "Alan Walker - Faded", "DE", "Music", 119],
  ["alice", "hT_nvWreIhg", "OneRepublic - Counting Stars", "IT", "Music", 74],
  ["bruno", "RgKAFK5djSk", "Wiz Khalifa - See You Again ft. Charlie Puth", "AR", "Music", 152],
  ["carla", "YQHsXMglC9A", "Adele - Hello (Official Music Video)", "UK", "Music", 99],
  [
    "demo",
    "kXYiU_JCYtU",
    "Numb (Official Music Video) [4K UPGRADE] – Linkin Park",
    "JP",
    "Gaming",
    47,
  ],
  ["emma", "CevxZvSJLk8", "Katy Perry - Roar (Official)", "IN", "Health", 81],
  ["felipe", "09R8_2nJtjg", "Maroon 5 - Sugar (Official Music Video)", "BR", "Fashion", 36],
  [
    "diego",
    "hTWKbfoikeg",
    "Nirvana - Smells Like Teen Spirit (Official Music Video)",
    "US",
    "Music",
    128,
  ],
  ["alice", "2Vv-BfVoq4g", "Ed Sheeran - Perfect (Official Music Video)", "KR", "Food", 22],
  [
    "bruno",
    "lp-EO5I60KA",
    "Ed Sheeran - Thinking Out Loud (Official Music Video)",
    "BR",
    "Business",
    17,
  ],
  [
    "carla",
    "dQw4w9WgXcQ",
    "Rick Astley - Never Gonna Give You Up (Official Music Video)",
    "UK",
    "DIY",
    64,
  ],
];

/**
 * Demo videos across countries and themes, posted (1 view each) and some boosted (100 views)
 * through the ledger like any member's. Idempotent: a video already listed is skipped; a demo
 * boost that ran out is renewed while its owner can pay for it, so the feed always shows some.
 * The watched counts are demo figures set once at creation (no session stands behind them).
 */
export async function seedDemoVideos(db: Db, opts: SeedOptions): Promise<void> {
  const owners = new Map(
    (
      await queryRows<{ id: string; username: string }>(
        db,
        sql`select id, username from ${profiles}`,
      )
    ).map((p) => [p.username.toLowerCase(), p]),
  );
  // Seeding is not a request: no one listens yet, and no Idempotency-Key is needed.
  const money = { db, afterCommit: () => undefined };
  const noKey = { key: null, route: "seed", hash: "seed" };
  const start = Date.now();
  let created = 0;
  let boosted = 0;
  for (const [
    i,
    [owner, youtubeId, title, country, theme, watched, boost],
  ] of DEMO_VIDEOS.entries()) {
    const ownerProfile = owners.get(owner);
    if (!ownerProfile) continue;
    const ownerId = ownerProfile.id;
    const at = new Date(start - (i + 1) * 2.5 * 3_600_000);
    const clock = { now: () => at };
    let videoId: string | undefined;
    try {
      const { result } = await createVideo(
        money,
        clock,
        ownerProfile,
        {
          youtubeId,
          youtubeUrl: canonicalYoutubeUrl(youtubeId),
          title,
          thumbnailUrl: youtubeThumbnailUrl(youtubeId),
          country,
          theme,
        },
        noKey,
      );
      await db.execute(
        sql`update ${videos} set watched_count = ${watched} where id = ${result.video.id}::uuid`,
      );
      videoId = result.video.id;
      created++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    if (!boost) continue;
    if (!videoId) {
      const [row] = await queryRows<{ id: string; active: boolean }>(
        db,
        sql`select id, coalesce(boosted_until > now(), false) as active from ${videos}
            where user_id = ${ownerId}::uuid and youtube_id = ${youtubeId}`,
      );
      if (!row || row.active) continue;
      videoId = row.id;
    }
    const id = videoId;
    try {
      await boostVideo(money, { now: () => new Date() }, ownerProfile, id, noKey);
      boosted++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  if (created || boosted) opts.log(`demo videos: ${created} posted, ${boosted} boosted`);
}
