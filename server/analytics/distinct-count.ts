/**
 * How many distinct visitor keys: exact (a Set) up to a limit, then a
 * HyperLogLog sketch, so a day of a million visitors costs a fixed few hundred
 * kB instead of a string per visitor (docs/decisions/038-analytics-counting.md).
 *
 * The keys are visitor keys (./visitor-key.ts): base64url of a keyed hash,
 * already uniformly random, so their first 8 bytes are the sketch's hash.
 *
 * Estimate: linear counting while it is the better one (up to 5 registers'
 * worth per register, where its error at 2^18 registers is under 0.5%), the
 * HyperLogLog harmonic mean above (1.04/√m: 0.2% at 2^18). No large-range
 * correction: 64-bit hashes do not saturate.
 *
 * Mergeable, for the store: two counts of the same day from two processes or
 * two batches union to the count of both (sets union, registers take the max).
 */
export const EXACT_LIMIT = 100_000;
const DAY_PRECISION = 18;

export type DistinctState = { keys: string[] } | { precision: number; registers: string };

export class DistinctCount {
  private keys: Set<string> | undefined = new Set();
  private registers: Uint8Array | undefined;

  constructor(
    private readonly exactLimit = EXACT_LIMIT,
    private readonly precision = DAY_PRECISION,
  ) {}

  get exact(): boolean {
    return this.keys !== undefined;
  }

  add(key: string): void {
    if (this.keys) {
      this.keys.add(key);
      if (this.keys.size > this.exactLimit) this.toSketch();
      return;
    }
    this.addToSketch(key);
  }

  /** Whether the key was counted; only answerable while exact (undefined after). */
  has(key: string): boolean | undefined {
    return this.keys ? this.keys.has(key) : undefined;
  }

  count(): number {
    if (this.keys) return this.keys.size;
    return estimate(this.registers!, this.precision);
  }

  merge(state: DistinctState): void {
    if ('keys' in state) {
      for (const key of state.keys) this.add(key);
      return;
    }
    if (state.precision !== this.precision) throw new Error(`Cannot merge a sketch of precision ${state.precision} into ${this.precision}`);
    if (this.keys) this.toSketch();
    const other = Buffer.from(state.registers, 'base64');
    const mine = this.registers!;
    for (let index = 0; index < mine.length; index++) if (other[index]! > mine[index]!) mine[index] = other[index]!;
  }

  state(): DistinctState {
    if (this.keys) return { keys: [...this.keys] };
    return { precision: this.precision, registers: Buffer.from(this.registers!).toString('base64') };
  }

  static from(state: DistinctState, exactLimit = EXACT_LIMIT, precision = DAY_PRECISION): DistinctCount {
    const count = new DistinctCount(exactLimit, 'precision' in state ? state.precision : precision);
    count.merge(state);
    return count;
  }

  private toSketch(): void {
    this.registers = new Uint8Array(1 << this.precision);
    for (const key of this.keys!) this.addToSketch(key);
    this.keys = undefined;
  }

  private addToSketch(key: string): void {
    const bytes = Buffer.from(key.slice(0, 11), 'base64url');
    const high = bytes.readUInt32BE(0);
    const low = bytes.readUInt32BE(4);
    const p = this.precision;
    const index = high >>> (32 - p);
    // The rank: where the first 1 bit is in what follows the index bits (64 - p of them).
    const rest = (high << p) >>> 0;
    const rank = rest !== 0 ? Math.clz32(rest) + 1 : Math.min(32 - p + Math.clz32(low) + 1, 64 - p + 1);
    if (rank > this.registers![index]!) this.registers![index] = rank;
  }
}

function estimate(registers: Uint8Array, precision: number): number {
  const m = 1 << precision;
  let sum = 0;
  let zeros = 0;
  for (let index = 0; index < m; index++) {
    const rank = registers[index]!;
    sum += 2 ** -rank;
    if (rank === 0) zeros++;
  }
  if (zeros > 0) {
    const linear = m * Math.log(m / zeros);
    if (linear <= 5 * m) return Math.round(linear);
  }
  const alpha = 0.7213 / (1 + 1.079 / m);
  return Math.round((alpha * m * m) / sum);
}
