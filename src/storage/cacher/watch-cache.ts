/**
 * The watch cache of one collection (storage shard + key prefix) in one Worker isolate: the
 * isolate's single subscription to the shard, however many of its watchers watch there (kube's
 * cacher, per isolate). It keeps the position (the newest resourceVersion received) and a ring
 * of recent changes, so a watcher starting a little behind replays from memory; it hands every
 * change to every watcher, which filters and delivers it (cache-watcher.ts). The shard does
 * per-isolate work for a change, the isolate per-watcher work.
 *
 * workerd ties I/O to the request that made it: the socket belongs to one watcher's request (the
 * owner), and a change received there is handed to the other watchers' requests by resolving
 * promises or enqueueing into streams they made, which workerd runs in their own contexts. When
 * the owner's request ends (or the socket drops: eviction, deploy), another watcher re-subscribes
 * from the position in its own context; the shard's history fills the gap. With no watchers
 * left the socket is closed and the cache forgotten.
 */
import { Waiters } from '../../apimachinery/hand-over.js';
import { StorageError } from '../errors.js';
import { type Change, FrameAssembler, type HubMessage, type HubSubscription, parseMessage } from '../../durable/watch-protocol.js';

/** What a cache needs of a shard, through the stub of a live request. */
export interface ShardLink {
  subscribe(subscription: HubSubscription): Promise<WebSocket>;
  /** The newest committed resourceVersion. */
  current(): Promise<number>;
  /** Asks the shard to tell every subscription its clock (a `synced`), once it is at or past `resourceVersion`. */
  progress(resourceVersion: number): Promise<number>;
}

/** A watcher as the cache sees it. */
export interface CacheMember {
  /** A change the cache received, in order. */
  offer(change: Change): void;
  /** Every change up to `resourceVersion` has been received (the shard's clock moved on). */
  progressed(resourceVersion: number): void;
  /** The cache's subscription was refused (history too short): the watcher ends with it. */
  fail(error: StorageError): void;
  /** Asks the watcher to re-subscribe through its own request (the socket's request is gone). */
  wake(): void;
}

/** Changes kept for watchers that start behind the position: at most this many, and this many bytes of documents. */
const ringCapacity = 1024;
const ringBytes = 4 * 1024 * 1024;

export class WatchCache {
  /** The newest resourceVersion received; every change up to it was handed to the members. */
  position = 0;
  private socket: WebSocket | null = null;
  private owner: CacheMember | null = null;
  /**
   * The member woken to subscribe again, until it has: if it leaves first (its client went away,
   * its request ends before the wake reaches it), another is woken, or nobody would subscribe.
   */
  private woken: CacheMember | null = null;
  private ready = false;
  private connecting = false;
  private readonly ring: Change[] = [];
  private ringSize = 0;
  /** Starts waiting for the sync or for the position to reach their version, rung as either moves. */
  private readonly waiters = new Waiters();
  /** The ring holds every change in (floor, position]. */
  private floor = Infinity;
  private readonly members = new Set<CacheMember>();

  constructor(private readonly prefix: string, private readonly forget: () => void) {}

  /** Adds a member; it is told of every change from now on. */
  join(member: CacheMember): void {
    this.members.add(member);
  }

  /** Removes a member; the last one closes the subscription. */
  leave(member: CacheMember): void {
    if (!this.members.delete(member)) return;
    if (this.members.size === 0) return this.close();
    if (member === this.owner) this.handOver();
    else if (member === this.woken) this.wakeOne();
  }

  /**
   * True once the subscription is in sync (subscribing through `link`, in the caller's request,
   * if nobody has), false at `deadline`. The sync arrives in the socket's request, which rings the
   * caller's own handOver() promise (apimachinery/hand-over.ts: Waiters).
   */
  async whenReady(member: CacheMember, link: ShardLink, deadline: number): Promise<boolean> {
    if (this.ready) return true;
    if (!this.socket && !this.connecting) await this.connect(member, link);
    return this.waiters.until(() => this.ready, deadline);
  }

  /** True once the position is at least `version`, false at `deadline`; waited for in the caller's request. */
  reached(version: number, deadline: number): Promise<boolean> {
    return this.waiters.until(() => this.position >= version, deadline);
  }

  /** Subscribes through `member`'s request: from the position when there is one, else from now. */
  async connect(member: CacheMember, link: ShardLink): Promise<void> {
    if (this.socket || this.connecting || this.members.size === 0) return;
    this.connecting = true;
    try {
      const start: HubSubscription['start'] = this.position ? { from: 'resourceVersion', resourceVersion: this.position } : { from: 'now' };
      const socket = await link.subscribe({ prefix: this.prefix, start });
      if (!this.members.has(member)) {
        // It left while subscribing (its client went away): the socket would end with its request.
        closeQuietly(socket);
        this.wakeOne();
        return;
      }
      this.socket = socket;
      this.owner = member;
      this.woken = null;
      this.listen(socket);
    } finally {
      this.connecting = false;
    }
  }

  /** The changes after `resourceVersion` if the ring still holds them all (else null: read history). */
  changesAfter(resourceVersion: number): Change[] | null {
    if (resourceVersion < this.floor) return null;
    return this.ring.filter((change) => change.resourceVersion > resourceVersion);
  }

  private listen(socket: WebSocket): void {
    const assembler = new FrameAssembler();
    socket.addEventListener('message', (event) => {
      const text = assembler.push(typeof event.data === 'string' ? event.data : new TextDecoder().decode(event.data));
      if (text !== null && socket === this.socket) this.receive(parseMessage(text));
    });
    const dropped = () => {
      if (socket === this.socket) this.dropped();
    };
    socket.addEventListener('close', dropped);
    socket.addEventListener('error', dropped);
  }

  private receive(message: HubMessage): void {
    switch (message.kind) {
      case 'change':
        return this.accept(message.change);
      case 'synced':
        this.position = Math.max(this.position, message.resourceVersion);
        if (this.floor === Infinity) this.floor = this.position;
        this.ready = true;
        for (const member of this.members) member.progressed(this.position);
        this.waiters.ring();
        return;
      case 'expired':
      case 'tooLarge':
        return this.refused(message);
    }
  }

  /** A change, once: kept in the ring and handed to every member. */
  private accept(change: Change): void {
    if (change.resourceVersion <= this.position) return;
    this.position = change.resourceVersion;
    this.ring.push(change);
    this.ringSize += sizeOf(change);
    while (this.ring.length > ringCapacity || (this.ringSize > ringBytes && this.ring.length > 1)) {
      const evicted = this.ring.shift()!;
      this.ringSize -= sizeOf(evicted);
      this.floor = evicted.resourceVersion;
    }
    for (const member of this.members) member.offer(change);
    this.waiters.ring();
  }

  /** The subscription could not resume (the gap is older than the shard's history): everyone ends. */
  private refused(message: Extract<HubMessage, { kind: 'expired' | 'tooLarge' }>): void {
    const error = message.kind === 'expired'
      ? new StorageError({ code: 'Expired', key: this.prefix, requestedResourceVersion: message.requested, oldestResourceVersion: message.oldest })
      : new StorageError({ code: 'TooLargeResourceVersion', key: this.prefix, requestedResourceVersion: message.requested, currentResourceVersion: message.current });
    for (const member of [...this.members]) member.fail(error);
    this.close();
  }

  private dropped(): void {
    this.socket = null;
    this.owner = null;
    this.ready = false;
    this.wakeOne();
  }

  /** The owner's request is leaving: another member re-subscribes through its own. */
  private handOver(): void {
    const socket = this.socket;
    this.socket = null;
    this.owner = null;
    this.ready = false;
    closeQuietly(socket);
    this.wakeOne();
  }

  private wakeOne(): void {
    const next = this.members.values().next();
    this.woken = next.done ? null : next.value;
    this.woken?.wake();
  }

  private close(): void {
    closeQuietly(this.socket);
    this.socket = null;
    this.owner = null;
    this.woken = null;
    this.ready = false;
    this.forget();
  }
}

/** The bytes a change holds (its documents, as UTF-16 length). */
export function sizeOf(change: Change): number {
  return (change.current?.value?.length ?? 0) + (change.previous?.value?.length ?? 0) + 64;
}

function closeQuietly(socket: WebSocket | null): void {
  try {
    socket?.close(1000, 'watch ended');
  } catch {
    // Already closed.
  }
}
