import type { TSupportThread } from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";
import { recordAuditEvent } from "../audit/audit.service";
import { notifyMember } from "../notifications/notifications.service";
import { insertMessage, messagesOf, requestOwner } from "./support.repository";

/** A request's thread: the member's messages and the staff's replies, oldest first. */

async function thread(db: Db, requestId: string): Promise<TSupportThread> {
  const rows = await messagesOf(db, requestId);
  return {
    messages: rows.map(({ message, author }) => ({
      id: message.id,
      author,
      fromStaff: message.fromStaff,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

/** The member's own request's thread; another member's request is "not found". */
export async function ownThread(db: Db, member: Member, requestId: string) {
  if ((await requestOwner(db, requestId)) !== member.profile.id) {
    throw new AppError("NOT_FOUND", { context: "supportRequest" });
  }
  return thread(db, requestId);
}

export async function postOwnMessage(
  db: Db,
  clock: Clock,
  member: Member,
  requestId: string,
  body: string,
): Promise<TSupportThread> {
  if ((await requestOwner(db, requestId)) !== member.profile.id) {
    throw new AppError("NOT_FOUND", { context: "supportRequest" });
  }
  await insertMessage(db, {
    requestId,
    authorId: member.profile.id,
    fromStaff: false,
    body,
    createdAt: clock.now(),
  });
  return thread(db, requestId);
}

export async function deskThread(db: Db, requestId: string): Promise<TSupportThread> {
  if (!(await requestOwner(db, requestId))) {
    throw new AppError("NOT_FOUND", { context: "supportRequest" });
  }
  return thread(db, requestId);
}

/** A staff reply: who writes, from where, in which request's thread, what. */
export interface StaffReplyOptions {
  db: Db;
  clock: Clock;
  staff: Member;
  ip: string;
  requestId: string;
  body: string;
}

/** A staff reply: the message, the member's e-mail and the audit row, in one transaction. */
export async function postStaffReply(options: StaffReplyOptions): Promise<TSupportThread> {
  const { db, clock, staff, ip, requestId, body } = options;
  const owner = await requestOwner(db, requestId);
  if (!owner) throw new AppError("NOT_FOUND", { context: "supportRequest" });
  const now = clock.now();
  await db.transaction(async (tx) => {
    await insertMessage(tx, {
      requestId,
      authorId: staff.profile.id,
      fromStaff: true,
      body,
      createdAt: now,
    });
    // The member's notification; its e-mail (where they keep it on) is the reply e-mail.
    await notifyMember(tx, owner, "supportAnswered", { requestId, body }, now);
    await recordAuditEvent(tx, {
      actorProfileId: staff.profile.id,
      actorRole: staff.profile.role,
      action: "support.reply",
      targetProfileId: owner,
      targetType: "support_request",
      targetId: requestId,
      // A reply changes no state: nothing before, the message after.
      before: {},
      after: { body },
      address: ip,
      createdAt: now,
    });
  });
  return thread(db, requestId);
}
