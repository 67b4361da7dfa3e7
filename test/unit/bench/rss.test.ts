/**
 * bench/lib/rss.ts: the RSS sampler the benchmarks report the local server's peak memory with
 * (docs/figures.md). Reads this test process's own /proc entry (Linux).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { formatMiB, readRss, sampleRss } from '../../../bench/lib/rss';

describe('readRss', () => {
  it("reads a live process's resident and peak memory in MiB", () => {
    // Act
    const r = readRss(process.pid);
    // Assess: the figures agree with Node's own view of this process (within a few MiB).
    expect(r.currentMiB).toBeGreaterThan(10);
    expect(r.peakMiB).toBeGreaterThanOrEqual(r.currentMiB);
    expect(Math.abs(r.currentMiB - process.memoryUsage().rss / 1048576)).toBeLessThan(64);
  });

  it('answers NaN, without throwing, for a process that does not exist', () => {
    // Act
    const r = readRss(2 ** 30);
    // Assess
    expect(r.currentMiB).toBeNaN();
    expect(r.peakMiB).toBeNaN();
  });
});

describe('sampleRss', () => {
  it('reports a peak that includes memory touched while it was sampling', async () => {
    // Prepare: a small process of its own. Late in a run this Jest worker holds over a GiB, and its
    // garbage collector could give back as much as the block adds while the block is touched.
    const child = spawn(
      process.execPath,
      [
        '-e',
        "setInterval(() => {}, 1000); process.stdout.write('r'); process.stdin.once('data', () => { globalThis.block = Buffer.alloc(64 * 1048576, 1); process.stdout.write('x'); });",
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      await once(child.stdout!, 'data');
      const sampler = sampleRss(child.pid!, 10);
      const before = sampler.now().currentMiB;
      // Act: the child touches 64 MiB of native memory and keeps it a moment; then stop.
      child.stdin!.write('go');
      await once(child.stdout!, 'data');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const result = sampler.stop();
      // Assess
      // 48 of the 64 MiB: the child's allocator may give a few MiB back before the last sample.
      expect(result.peakMiB).toBeGreaterThanOrEqual(before + 48);
      expect(result.sampledPeakMiB).toBeGreaterThanOrEqual(before + 48);
      expect(result.samples).toBeGreaterThanOrEqual(2);
      expect(sampler.stop().samples).toBe(result.samples);
    } finally {
      child.kill();
    }
  });
});

describe('formatMiB', () => {
  it('prints MiB below 1 GiB, GiB from there on, and n/a for NaN', () => {
    expect(formatMiB(512.4)).toBe('512 MiB');
    expect(formatMiB(3788.8)).toBe('3.70 GiB');
    expect(formatMiB(Number.NaN)).toBe('n/a');
  });
});
