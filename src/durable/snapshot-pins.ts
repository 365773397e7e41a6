/**
 * The snapshots open list streams read from. Compaction must not remove rows a pinned snapshot
 * still sees; a pin is released when its stream ends or is cancelled, and forgotten after
 * `maxPinMillis` in case a consumer vanished without either (its stream then may fail with
 * rows gone, which a consumer that slow cannot tell from a dropped connection).
 */
const maxPinMillis = 15 * 60_000;

export class SnapshotPins {
  private readonly pins = new Map<number, { at: number; until: number }>();
  private next = 0;

  /** Pins `at`; the returned function releases it (once). */
  pin(at: number): () => void {
    const id = this.next++;
    this.pins.set(id, { at, until: Date.now() + maxPinMillis });
    return () => void this.pins.delete(id);
  }

  /** The oldest pinned snapshot, or Infinity. */
  oldest(): number {
    let oldest = Infinity;
    const now = Date.now();
    for (const [id, { at, until }] of this.pins) {
      if (until < now) this.pins.delete(id);
      else oldest = Math.min(oldest, at);
    }
    return oldest;
  }
}
