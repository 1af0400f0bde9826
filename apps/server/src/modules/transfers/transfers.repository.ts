import { desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { profiles, userTransfers } from "../../db/schema";

const sender = alias(profiles, "sender");
const recipient = alias(profiles, "recipient");

/** Sent and received transfers of a member, newest first, with both parties. */
export async function transfersOf(db: DbOrTx, profileId: string, limit: number) {
  return db
    .select({
      transfer: userTransfers,
      sender: { id: sender.id, username: sender.username, isVerified: sender.isVerified },
      recipient: {
        id: recipient.id,
        username: recipient.username,
        isVerified: recipient.isVerified,
      },
    })
    .from(userTransfers)
    .innerJoin(sender, eq(sender.id, userTransfers.senderId))
    .innerJoin(recipient, eq(recipient.id, userTransfers.recipientId))
    .where(or(eq(userTransfers.senderId, profileId), eq(userTransfers.recipientId, profileId)))
    .orderBy(desc(userTransfers.createdAt), desc(sql`${userTransfers.id}`))
    .limit(limit);
}
