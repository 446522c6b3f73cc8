/** The middle value of repeated measurements (the upper middle for an even count): the figure the measuring scripts print. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The value below which the fraction `q` of the measurements lie (nearest rank): p99 is percentile(values, 0.99). */
export const percentile = (values: number[], q: number): number =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * q) - 1)] ?? NaN;
