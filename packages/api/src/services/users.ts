import { users, type Db, type Executor } from '@app/db';
import { userMessages } from '@app/validators';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { EventBus } from '../events';
import { hashPassword } from './passwords';
import { endOtherSessions, type Viewer } from './sessions';

/** What anyone may see of a user: never the password hash. */
export interface PublicUser {
  username: string;
  biography: string;
  dateJoined: Date;
}

const publicColumns = {
  username: users.username,
  biography: users.biography,
  dateJoined: users.dateJoined,
};

export function listUsers(db: Db, filter = ''): PublicUser[] {
  return db
    .select(publicColumns)
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        // instr() is case-sensitive, as SPEC §5 asks of the users filter.
        filter ? sql`instr(${users.username}, ${filter}) > 0` : undefined,
      ),
    )
    .orderBy(asc(users.username))
    .all();
}

export function getUser(db: Db, username: string): PublicUser {
  const user = db
    .select(publicColumns)
    .from(users)
    .where(and(eq(users.username, username), isNull(users.deletedAt)))
    .get();
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: userMessages.notFound });
  return user;
}

/** Only the owner of a profile may change it: the name in the request must be the session's. */
function assertOwner(viewer: Viewer, username: string): void {
  if (viewer.username !== username) {
    throw new TRPCError({ code: 'FORBIDDEN', message: userMessages.notOwner });
  }
}

export function updateBiography(
  db: Db,
  events: EventBus,
  viewer: Viewer,
  input: { username: string; biography: string },
): PublicUser {
  assertOwner(viewer, input.username);
  const user = db
    .update(users)
    .set({ biography: input.biography })
    .where(eq(users.id, viewer.id))
    .returning(publicColumns)
    .get();
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: userMessages.notFound });
  events.publish('user', { type: 'updated', user });
  return user;
}

/** Sets a new password and ends every other session of the user: a thief's copy stops working. */
export async function resetPassword(
  db: Db,
  viewer: Viewer,
  input: { username: string; password: string },
): Promise<void> {
  assertOwner(viewer, input.username);
  const passwordHash = await hashPassword(input.password);
  db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, viewer.id)).run();
    endOtherSessions(tx, viewer.id, viewer.sessionId);
  });
}

/**
 * Deletes the account: the row stays (posts keep their author, the name stays taken),
 * the password and biography go, and every session ends.
 */
export function deleteUser(db: Db, events: EventBus, viewer: Viewer, username: string): void {
  assertOwner(viewer, username);
  const user = db.transaction((tx) => {
    const row = tx
      .update(users)
      .set({ deletedAt: new Date(), passwordHash: null, biography: '' })
      .where(and(eq(users.id, viewer.id), isNull(users.deletedAt)))
      .returning(publicColumns)
      .get();
    endOtherSessions(tx, viewer.id);
    return row;
  });
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: userMessages.notFound });
  events.publish('user', { type: 'deleted', user });
}

export function isUsernameTaken(db: Executor, username: string): boolean {
  return !!db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .get();
}
