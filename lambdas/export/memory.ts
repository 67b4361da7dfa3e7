/**
 * The export job's own memory, sampled while it runs (docs/decisions/0029-server-exports.md): the
 * goal is a flat peak under 256 MB whatever the rows. Two figures, both always kept:
 * - `heap`: this V8 isolate's used heap plus the memory it holds outside it (buffers: the upload
 *   part), in bytes. Where the function shares a process (the local runtime's Lambda pool runs it in
 *   a worker thread), this is the function's own; it excludes the process's other threads.
 * - `rss`: the process's resident set, in bytes: what CloudWatch reports where the function is its
 *   own process (AWS); locally it counts the whole runtime, emulators included.
 * The heap's peak also counts garbage V8 has not collected yet, which it leaves longer the larger its
 * heap limit; `heap_after_gc_peak_bytes`, read right after each full (mark-sweep) collection, is what
 * the job keeps alive.
 */
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

/** The peaks of an export, as stored in its state (bytes). */
export interface MemoryPeaks {
  /** The isolate's used heap plus its external memory at its highest sample. */
  heap_peak_bytes: number;
  /** The isolate's used heap plus external memory right after a full collection, at its highest (or at the start). */
  heap_after_gc_peak_bytes: number;
  /** The process's RSS at its highest sample. */
  rss_peak_bytes: number;
  /** The isolate's used heap plus external memory when the export started. */
  heap_start_bytes: number;
  /** Samples taken (one a page read, one at the start and at the end). */
  samples: number;
}

/** The isolate's used heap plus the memory it holds outside the heap (bytes). */
function isolateBytes(): number {
  const heap = getHeapStatistics();
  return heap.used_heap_size + heap.external_memory;
}

/**
 * A running peak of the isolate's and the process's memory: {@link MemoryPeak.sample} is cheap (no
 * heap walk), so a caller samples at each page; each full garbage collection is sampled too, until
 * {@link MemoryPeak.stop}.
 */
export class MemoryPeak {
  private readonly peaks: MemoryPeaks;
  private readonly collections: PerformanceObserver;

  constructor() {
    const start = isolateBytes();
    this.peaks = {
      heap_peak_bytes: start,
      heap_after_gc_peak_bytes: start,
      rss_peak_bytes: process.memoryUsage.rss(),
      heap_start_bytes: start,
      samples: 1,
    };
    this.collections = new PerformanceObserver((list) => {
      // A scavenge leaves the old generation's garbage: only a full collection shows what is kept.
      const full = list
        .getEntries()
        .some(
          (entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
        );
      if (full) this.peaks.heap_after_gc_peak_bytes = Math.max(this.peaks.heap_after_gc_peak_bytes, isolateBytes());
    });
    this.collections.observe({ entryTypes: ['gc'] });
  }

  /** Take one sample. */
  sample(): void {
    this.peaks.heap_peak_bytes = Math.max(this.peaks.heap_peak_bytes, isolateBytes());
    this.peaks.rss_peak_bytes = Math.max(this.peaks.rss_peak_bytes, process.memoryUsage.rss());
    this.peaks.samples++;
  }

  /** Take a last sample, stop watching collections, and answer the peaks. */
  stop(): MemoryPeaks {
    this.sample();
    this.collections.disconnect();
    return { ...this.peaks };
  }
}
