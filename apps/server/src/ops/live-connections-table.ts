import { liveConnections, type Db } from '@app/db';
import { and, count, eq, gt, lte } from 'drizzle-orm';

/** One live connection as the shared store records it (session: a digest of the session id). */
export interface LiveConnection {
  id: string;
  address: string;
  session: string | null;
}

/** The cap a connection would go past, or null when it was recorded. */
export type SharedCapHit = 'socketsPerAddress' | 'socketsPerSession' | null;

export interface SharedCaps {
  socketsPerAddress: number;
  socketsPerSession: number;
}

/**
 * Every process's live connections in the database (the `live_connections` table), for when there
 * is no Redis or Redis fails: counted and recorded in one IMMEDIATE transaction, so two processes
 * admitting at once cannot both take the last place. Rows carry their expiry: the owner renews its
 * own, and a dead process's rows stop counting once their expiry passes.
 */
export function liveConnectionsTable(db: Db, owner: string) {
  const live = (now: number) => gt(liveConnections.expiresAt, now);
  return {
    admit(
      conn: LiveConnection,
      caps: SharedCaps,
      now: number,
      expiresAt: number,
    ): Promise<SharedCapHit> {
      return db.$writer.transaction(async (tx) => {
        const [byAddress] = await tx
          .select({ n: count() })
          .from(liveConnections)
          .where(and(eq(liveConnections.address, conn.address), live(now)));
        if ((byAddress?.n ?? 0) >= caps.socketsPerAddress) return 'socketsPerAddress';
        if (conn.session !== null) {
          const [bySession] = await tx
            .select({ n: count() })
            .from(liveConnections)
            .where(and(eq(liveConnections.session, conn.session), live(now)));
          if ((bySession?.n ?? 0) >= caps.socketsPerSession) return 'socketsPerSession';
        }
        await tx
          .insert(liveConnections)
          .values({ id: conn.id, owner, address: conn.address, session: conn.session, expiresAt });
        return null;
      });
    },
    async release(id: string): Promise<void> {
      await db.$writer.transaction((tx) =>
        tx.delete(liveConnections).where(eq(liveConnections.id, id)),
      );
    },
    /** Pushes this process's rows' expiry on, and sweeps the rows that expired (a dead process's). */
    async renew(now: number, expiresAt: number): Promise<void> {
      await db.$writer.transaction(async (tx) => {
        await tx.update(liveConnections).set({ expiresAt }).where(eq(liveConnections.owner, owner));
        await tx.delete(liveConnections).where(lte(liveConnections.expiresAt, now));
      });
    },
    /** This process's rows, all at once (it stops). */
    async releaseAll(): Promise<void> {
      await db.$writer.transaction((tx) =>
        tx.delete(liveConnections).where(eq(liveConnections.owner, owner)),
      );
    },
  };
}

export type LiveConnectionsTable = ReturnType<typeof liveConnectionsTable>;
