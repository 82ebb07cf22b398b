/**
 * Read your own writes: the furthest `$all` position a client (a web page, the simulator) has seen, from its own commands'
 * answers (`Tiyende-Position`) and from live messages (`position`). Every read sends it
 * (`Tiyende-Min-Position`), so the server answers from read models that have applied at least
 * that much: a list fetched right after a command, or after a live message about it, shows it.
 */
export const POSITION_HEADER = 'tiyende-position';
export const MIN_POSITION_HEADER = 'tiyende-min-position';

const POSITION = /^(-?\d{1,30})\/(-?\d{1,30})$/;

export class ReadPosition {
  private latest: { text: string; commit: bigint; prepare: bigint } | null = null;

  /** Keeps `position` when it is further on than the one kept; ignores anything else. */
  remember(position: string | null | undefined): void {
    const match = position ? POSITION.exec(position) : null;
    if (!match) return;
    const commit = BigInt(match[1]!);
    const prepare = BigInt(match[2]!);
    const kept = this.latest;
    if (kept && (kept.commit > commit || (kept.commit === commit && kept.prepare >= prepare))) return;
    this.latest = { text: position!, commit, prepare };
  }

  get current(): string | null {
    return this.latest?.text ?? null;
  }

  /** The header a read sends: empty until a position was seen. */
  headers(): Record<string, string> {
    return this.latest ? { [MIN_POSITION_HEADER]: this.latest.text } : {};
  }
}
