import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ProductDatabase, SupportCategory, SupportMessageRow, SupportStatus, SupportUrgency } from './product.table.js';

type Db = Kysely<ProductDatabase>;

export interface NewSupportMessage {
  userId: string | null;
  name: string;
  email: string;
  subject: string;
  category: SupportCategory;
  message: string;
  urgency: SupportUrgency;
  /** The sender's ride it is about (checked by the caller to be theirs). */
  rideId?: string | null;
}

export async function insertSupportMessage(db: Db, message: NewSupportMessage, now: Date): Promise<SupportMessageRow> {
  return db
    .insertInto('support_messages')
    .values({
      id: randomUUID(),
      user_id: message.userId,
      name: message.name,
      email: message.email,
      subject: message.subject,
      category: message.category,
      message: message.message,
      urgency: message.urgency,
      status: 'open',
      ride_id: message.rideId ?? null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface SupportInboxFilter {
  status?: SupportStatus;
  urgency?: SupportUrgency;
  category?: SupportCategory;
  limit: number;
  /** Only messages received strictly before this instant (the last row's `createdAt` pages on). */
  before?: Date;
}

/** The support inbox: emergencies first among what is still open, then newest first. */
export async function listSupportMessages(db: Db, filter: SupportInboxFilter): Promise<SupportMessageRow[]> {
  let query = db.selectFrom('support_messages').selectAll();
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.urgency) query = query.where('urgency', '=', filter.urgency);
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.before) query = query.where('created_at', '<', filter.before);
  return query
    .orderBy(sql`CASE WHEN status <> 'resolved' AND urgency = 'emergency' THEN 0 ELSE 1 END`)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(filter.limit)
    .execute();
}

export async function countOpenSupportMessages(db: Db): Promise<{ open: number; emergencies: number }> {
  const row = await db
    .selectFrom('support_messages')
    .select([
      sql<number>`(count(*) FILTER (WHERE status <> 'resolved'))::int`.as('open'),
      sql<number>`(count(*) FILTER (WHERE status <> 'resolved' AND urgency = 'emergency'))::int`.as('emergencies'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

export async function findSupportMessage(db: Db, id: string): Promise<SupportMessageRow | undefined> {
  return db.selectFrom('support_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setSupportMessageStatus(
  db: Db,
  id: string,
  status: SupportStatus,
  now: Date,
): Promise<SupportMessageRow | undefined> {
  return db.updateTable('support_messages').set({ status, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst();
}
