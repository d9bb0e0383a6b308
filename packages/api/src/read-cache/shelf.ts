import type { ReadDependency } from './dependencies';

export type ShelfKey = string | number;

/**
 * One kind of cached read: how many entries and bytes it may hold (past either, the least recently
 * used go) and, when it can, how an entry is brought up to date in place instead of dropped.
 */
export interface ShelfSpec<V> {
  /** For metrics and debugging. */
  name: string;
  entries: number;
  /** Unbounded when absent: entries then count no bytes unless they say so. */
  bytes?: number;
  /**
   * Patches a value whose question changed only in its view count; answers its new size in bytes,
   * or null when it cannot (the entry is then dropped).
   */
  patchViewCount?(value: V, viewCount: number): number | null;
}

/** What a read hands the shelf to keep. */
export interface Stored<V> {
  value: V;
  dependency: ReadDependency;
  /** What it holds in memory (0 when its shelf counts no bytes). */
  bytes?: number;
}

/** What the read cache's index knows of an entry, whatever its value. */
export interface IndexedEntry {
  readonly dependency: ReadDependency;
  /** Takes it off its shelf. */
  drop(): void;
  /** Brings it up to date for a new view count in place; false when it cannot. */
  patchViewCount(viewCount: number): boolean;
}

/** How a shelf reaches the cache that owns it: the events' count and the dependency index. */
export interface ShelfHost {
  /** How many invalidating events the cache has applied. */
  epoch(): number;
  /**
   * Applies, before a read, what other processes wrote meanwhile (their events drop entries): at
   * once (SQLite's bus), or by the promise's end (PostgreSQL's, which must ask the database).
   */
  beforeRead(): void | Promise<void>;
  added(entry: IndexedEntry): void;
  removed(entry: IndexedEntry): void;
}

/** Where shelves come from: a read cache makes one per spec. */
export interface Shelves {
  shelf<V>(spec: ShelfSpec<V>): Shelf<V>;
}

/** One kept value, what it was read from and what it holds in memory. */
export class Slot<V> implements IndexedEntry {
  constructor(
    readonly key: ShelfKey,
    readonly value: V,
    readonly dependency: ReadDependency,
    public bytes: number,
    private readonly shelf: Shelf<V>,
  ) {}

  drop(): void {
    this.shelf.drop(this);
  }

  patchViewCount(viewCount: number): boolean {
    return this.shelf.patchViewCount(this, viewCount);
  }
}

/**
 * The entries of one kind of read, least recently used first. Values are only ever computed from
 * the database, so an entry that an event may have made stale is dropped (by the read cache, as
 * the domain's table says) and read again on demand.
 */
export class Shelf<V> {
  private readonly slots = new Map<ShelfKey, Slot<V>>();
  private readonly pending = new Map<ShelfKey, Promise<Slot<V> | null>>();
  private heldBytes = 0;

  constructor(
    private readonly spec: ShelfSpec<V>,
    private readonly host: ShelfHost,
  ) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.slots.size, bytes: this.heldBytes };
  }

  /**
   * The entry of a key, now the most recently used; undefined when it is not held. Up to date with
   * other processes only where the bus applies their events at once (SQLite): `load` waits for it.
   */
  get(key: ShelfKey): Slot<V> | undefined {
    void this.host.beforeRead();
    return this.held(key);
  }

  private held(key: ShelfKey): Slot<V> | undefined {
    const slot = this.slots.get(key);
    if (slot) {
      this.slots.delete(key);
      this.slots.set(key, slot);
    }
    return slot;
  }

  /** The value held for a key without counting it as a use (a bulk read of many entries). */
  peek(key: ShelfKey): V | undefined {
    void this.host.beforeRead();
    return this.slots.get(key)?.value;
  }

  /** The value of a key, computed now and kept when it is not held. */
  read(key: ShelfKey, compute: () => Stored<V>): V {
    return (this.get(key) ?? this.put(key, compute())).value;
  }

  /**
   * The entry of a key, loaded once however many ask while it loads. A load that an event overtook
   * may be stale: it answers the callers that waited for it and is not kept.
   */
  load(key: ShelfKey, loader: () => Promise<Stored<V>>): Promise<Slot<V>>;
  load(key: ShelfKey, loader: () => Promise<Stored<V> | null>): Promise<Slot<V> | null>;
  load(key: ShelfKey, loader: () => Promise<Stored<V> | null>): Promise<Slot<V> | null> {
    const before = this.host.beforeRead();
    return before ? before.then(() => this.loadNow(key, loader)) : this.loadNow(key, loader);
  }

  private loadNow(key: ShelfKey, loader: () => Promise<Stored<V> | null>): Promise<Slot<V> | null> {
    const held = this.held(key);
    if (held) return Promise.resolve(held);
    let pending = this.pending.get(key);
    if (!pending) {
      const epoch = this.host.epoch();
      const made = loader().then((stored) => {
        if (this.pending.get(key) === made) this.pending.delete(key);
        return stored && this.put(key, stored, epoch);
      });
      made.catch(() => {
        if (this.pending.get(key) === made) this.pending.delete(key);
      });
      this.pending.set(key, (pending = made));
    }
    return pending;
  }

  /**
   * Keeps a value, unless an event arrived after `epoch` (when its read began): then it may be
   * stale, and the entry answered is not kept.
   */
  put(key: ShelfKey, stored: Stored<V>, epoch = this.host.epoch()): Slot<V> {
    const slot = new Slot(key, stored.value, stored.dependency, stored.bytes ?? 0, this);
    if (epoch !== this.host.epoch()) return slot;
    this.slots.get(key)?.drop();
    this.slots.set(key, slot);
    this.heldBytes += slot.bytes;
    this.host.added(slot);
    this.evict();
    return slot;
  }

  /** Counts memory an entry took on (a body made from it); an entry no longer kept counts for nothing. */
  grow(slot: Slot<V>, bytes: number): void {
    slot.bytes += bytes;
    if (!this.holds(slot)) return;
    this.heldBytes += bytes;
    this.evict();
  }

  holds(slot: Slot<V>): boolean {
    return this.slots.get(slot.key) === slot;
  }

  drop(slot: Slot<V>): void {
    if (!this.holds(slot)) return;
    this.slots.delete(slot.key);
    this.heldBytes -= slot.bytes;
    this.host.removed(slot);
  }

  patchViewCount(slot: Slot<V>, viewCount: number): boolean {
    const bytes = this.spec.patchViewCount?.(slot.value, viewCount) ?? null;
    if (bytes === null) return false;
    if (this.holds(slot)) this.heldBytes += bytes - slot.bytes;
    slot.bytes = bytes;
    return true;
  }

  /** Loads under way may read what an event just changed: later callers start their own. */
  forgetPending(): void {
    this.pending.clear();
  }

  private evict(): void {
    const maxBytes = this.spec.bytes ?? Infinity;
    while (this.slots.size > this.spec.entries || this.heldBytes > maxBytes) {
      const oldest = this.slots.values().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }
}
