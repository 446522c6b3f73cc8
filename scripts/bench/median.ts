/** The middle value of repeated measurements (the upper middle for an even count): the figure the measuring scripts print. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
