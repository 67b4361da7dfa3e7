/**
 * The Medicare benchmark of a case: what Medicare would allow for its procedures, the figure an IDR
 * offer is argued from. Pure, shared by the server (dispute answers) and the SPA (percentages).
 *
 * Source: the CMS National Physician Fee Schedule Relative Value File (PPRRVU<year>_<release>.csv,
 * imported per code by lambdas/data/cpt_codes/import.ts): per code `FACILITY TOTAL` (RVU),
 * `CONV FACTOR` (dollars per RVU) and `MULT PROC` (the multiple-procedure indicator). The
 * national, unadjusted facility amount of a code is facility total RVU x conversion factor (no
 * geographic adjustment; surgery is done in a facility).
 *
 * Multiple procedures (the file's `MULT PROC` field as its record layout defines it; Medicare
 * Claims Processing Manual, chapter 12, section 40.6.2): among the codes with indicator 2
 * (standard rule) or 3 (endoscopic family), the highest-valued one is allowed at 100 % and each
 * other at 50 %; codes with any other indicator (0 no reduction, 9 not applicable, ...) at 100 %.
 * Simplified as Suture's dispute desk uses it: the 6th and later procedures (priced "by report")
 * and the endoscopic base-code rule of indicator 3 are both treated as the plain 50 %.
 */
import * as z from 'zod';

/** `MULT PROC` indicators whose codes are reduced when billed with others (standard, endoscopic). */
export const REDUCED_MULT_PROC_INDICATORS: readonly string[] = ['2', '3'];

/** Percentage of a reduced code that is not the highest-valued one, in percent. */
export const MULTIPLE_PROCEDURE_PERCENT = 50;

/** One procedure code of a case with what the catalog holds for it (absent: not in the catalog). */
export interface BenchmarkCodeInput {
  /** CPT/HCPCS code as the case lists it. */
  code: string;
  /** Facility total, in RVU; absent or null when the catalog has no RVUs for the code. */
  facility_total_rvu?: number | null;
  /** Conversion factor, in dollars per RVU; absent or null as above. */
  conversion_factor?: number | null;
  /** `MULT PROC` indicator, one digit; absent counts as no reduction. */
  mult_proc?: string | null;
}

/** What {@link computeMedicareBenchmark} needs: the case's codes in its order and the catalog's year. */
export interface MedicareBenchmarkInput {
  /** Calendar year of the imported fee schedule, null when unknown. */
  year: number | null;
  codes: readonly BenchmarkCodeInput[];
}

/** One priced code of the benchmark. */
export interface MedicareBenchmarkCode {
  code: string;
  /** Facility total, in RVU. */
  facility_total_rvu: number;
  /** Allowed amount after the multiple-procedure rule, in dollars with 2 decimals. */
  amount: number;
}

/** The `medicare_benchmark` of a dispute answer. */
export interface MedicareBenchmark {
  /** Sum of `per_code` amounts, in dollars with 2 decimals; null when no code could be priced. */
  amount: number | null;
  /** Dollars per RVU of the highest-valued code (one file has one); null when no code was priced. */
  conversion_factor: number | null;
  /** Calendar year of the fee schedule, null when unknown. */
  year: number | null;
  /** Each priced code in the case's order (a code listed twice appears twice). */
  per_code: MedicareBenchmarkCode[];
  /** Codes without a facility total RVU and conversion factor in the catalog, once each, in the case's order. */
  missing_codes: string[];
}

/** The answer schema of {@link MedicareBenchmark} (dispute answers, OpenAPI): parsed as sent. */
export const MedicareBenchmarkSchema = z.object({
  amount: z.number().nonnegative().nullable(),
  conversion_factor: z.number().nonnegative().nullable(),
  year: z.number().int().nullable(),
  per_code: z.array(
    z.object({ code: z.string(), facility_total_rvu: z.number().nonnegative(), amount: z.number().nonnegative() }),
  ),
  missing_codes: z.array(z.string()),
}) satisfies z.ZodType<MedicareBenchmark>;

/** Decimals kept of RVUs and conversion factors (the file has 2 and 4). */
const SCALE = 10_000;
/** scaled RVU x scaled factor is in 1e-8 dollars; this many of them make a cent. */
const PER_CENT = (SCALE * SCALE) / 100;

function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** RVU x dollars per RVU, in integer cents rounded half up, computed in integers (no float drift). */
function fullCents(rvu: number, conversionFactor: number): number {
  const product = Math.round(rvu * SCALE) * Math.round(conversionFactor * SCALE);
  return Math.floor((product + PER_CENT / 2) / PER_CENT);
}

/**
 * The Medicare benchmark of a case's procedure codes (rule and source in the module comment).
 * Amounts are computed in integer cents (each code's full amount rounded half up to the cent, then
 * 50 % of it rounded half up) and answered in dollars with 2 decimals. A code is priced when its
 * facility total RVU and conversion factor are finite numbers of at least 0; any other code goes to
 * `missing_codes`. Ties for the highest value go to the first code in the case's order.
 */
export function computeMedicareBenchmark(input: MedicareBenchmarkInput): MedicareBenchmark {
  const priced: { code: string; rvu: number; factor: number; cents: number; reduced: boolean }[] = [];
  const missing: string[] = [];
  for (const entry of input.codes) {
    const { facility_total_rvu: rvu, conversion_factor: factor } = entry;
    if (!usable(rvu) || !usable(factor)) {
      if (!missing.includes(entry.code)) missing.push(entry.code);
      continue;
    }
    priced.push({
      code: entry.code,
      rvu,
      factor,
      cents: fullCents(rvu, factor),
      reduced: REDUCED_MULT_PROC_INDICATORS.includes(entry.mult_proc ?? ''),
    });
  }

  let primary: (typeof priced)[number] | undefined;
  for (const p of priced) if (p.reduced && (!primary || p.cents > primary.cents)) primary = p;
  const perCodeCents = priced.map((p) =>
    p.reduced && p !== primary ? Math.round((p.cents * MULTIPLE_PROCEDURE_PERCENT) / 100) : p.cents,
  );
  const totalCents = perCodeCents.reduce((sum, c) => sum + c, 0);

  let highest = priced[0];
  for (const p of priced) if (highest && p.cents > highest.cents) highest = p;
  return {
    amount: priced.length > 0 ? totalCents / 100 : null,
    conversion_factor: highest?.factor ?? null,
    year: input.year,
    per_code: priced.map((p, i) => ({ code: p.code, facility_total_rvu: p.rvu, amount: perCodeCents[i]! / 100 })),
    missing_codes: missing,
  };
}

/**
 * An amount as a percentage of the benchmark, e.g. a $1,297.74 offer on a $648.87 benchmark is 200.
 * `amountDollars` and `benchmark.amount` are dollars; the answer is in percent with 1 decimal
 * (compared in cents, rounded half up), or null when either is missing or the benchmark is not
 * above 0.
 */
export function percentOfBenchmark(
  amountDollars: number | null | undefined,
  benchmark: Pick<MedicareBenchmark, 'amount'> | null | undefined,
): number | null {
  const base = benchmark?.amount;
  if (typeof amountDollars !== 'number' || !Number.isFinite(amountDollars)) return null;
  if (typeof base !== 'number' || !Number.isFinite(base) || base <= 0) return null;
  const amountCents = Math.round(amountDollars * 100);
  const baseCents = Math.round(base * 100);
  return Math.round((amountCents * 1000) / baseCents) / 10;
}
