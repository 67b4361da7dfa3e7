/**
 * Resident memory of a process, for the benchmarks ("the benchmarks report the
 * server's peak RSS, goal under 1 GiB").
 *
 * ```ts
 * import { sampleRss, readRss, RSS_GOAL_MIB } from './lib/rss';
 * const rss = sampleRss(child.pid!);      // samples every 100 ms from now on
 * ... drive the load ...
 * const { peakMiB, currentMiB } = rss.stop();  // MiB (1 MiB = 1,048,576 bytes)
 * console.log(`server peak RSS ${peakMiB.toFixed(0)} MiB (goal < ${RSS_GOAL_MIB} MiB)`);
 * ```
 *
 * Linux only: figures come from `/proc/<pid>/status` (`VmRSS` = resident now, `VmHWM` = the
 * kernel's high-water mark of VmRSS since the process started, so no spike between two samples is
 * missed). The peak reported is the larger of VmHWM and the highest VmRSS sampled. Elsewhere (no
 * /proc) every figure is `NaN`.
 */
import { readFileSync } from 'node:fs';

/** The goal: the local server's peak RSS under 1 GiB, in MiB. */
export const RSS_GOAL_MIB = 1024;

/** One reading of `/proc/<pid>/status`, in MiB. */
export interface RssReading {
  /** Resident set size now (`VmRSS`), MiB. */
  currentMiB: number;
  /** Peak resident set size since the process started (`VmHWM`), MiB. */
  peakMiB: number;
}

/** What {@link RssSampler.stop} (and `.now()`) answers, in MiB. */
export interface RssSummary extends RssReading {
  /** Highest `VmRSS` seen by this sampler's own samples (since `sampleRss` was called), MiB. */
  sampledPeakMiB: number;
  /** Number of samples taken. */
  samples: number;
}

export interface RssSampler {
  /** The figures so far, sampling goes on. */
  now(): RssSummary;
  /** Stop sampling and answer the final figures (a last reading is taken first). */
  stop(): RssSummary;
}

const KIB_PER_MIB = 1024;

function field(status: string, name: string): number {
  const m = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
  return m ? Number(m[1]) / KIB_PER_MIB : Number.NaN;
}

/**
 * Read a process's RSS now. Answers `NaN` figures when the process is gone or /proc is missing
 * (never throws).
 */
export function readRss(pid: number): RssReading {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return { currentMiB: Number.NaN, peakMiB: Number.NaN };
  }
  return { currentMiB: field(status, 'VmRSS'), peakMiB: field(status, 'VmHWM') };
}

/**
 * Start sampling `pid`'s RSS every `intervalMs` (default 100 ms) with an unref'd timer (it never
 * keeps the process alive). Call `stop()` when done.
 */
export function sampleRss(pid: number, intervalMs = 100): RssSampler {
  let last: RssReading = readRss(pid);
  let sampledPeak = Number.isNaN(last.currentMiB) ? 0 : last.currentMiB;
  let samples = 1;
  const take = () => {
    const r = readRss(pid);
    samples += 1;
    if (!Number.isNaN(r.currentMiB)) {
      last = r;
      if (r.currentMiB > sampledPeak) sampledPeak = r.currentMiB;
    }
  };
  const timer = setInterval(take, intervalMs);
  timer.unref();
  const summary = (): RssSummary => ({
    currentMiB: last.currentMiB,
    peakMiB: Math.max(last.peakMiB, sampledPeak),
    sampledPeakMiB: sampledPeak,
    samples,
  });
  let stopped = false;
  return {
    now: summary,
    stop: () => {
      if (!stopped) {
        stopped = true;
        clearInterval(timer);
        take();
      }
      return summary();
    },
  };
}

/** `123 MiB` / `1.23 GiB`, for reports. */
export function formatMiB(mib: number): string {
  if (Number.isNaN(mib)) return 'n/a';
  return mib >= 1024 ? `${(mib / 1024).toFixed(2)} GiB` : `${mib.toFixed(0)} MiB`;
}
