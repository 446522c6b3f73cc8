import { readFileSync } from 'node:fs';

/** A process's CPU time so far (user + system), in µs, from /proc (clock ticks of 10 ms): what a saturated load generator cannot hide. */
export function processCpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** Each core's busy time so far, ms (/proc/stat): which side of a window was saturated. */
export function coresBusyMs(): number[] {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((line) => /^cpu\d/.test(line))
    .map((line) => {
      const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
      return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
    });
}
