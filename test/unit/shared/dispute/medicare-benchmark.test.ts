/**
 * The Medicare benchmark rule (shared/dispute/medicare-benchmark.ts) over worked examples. RVUs
 * and the conversion factor are the rows of the CMS 2025 PFS file, October release
 * (FACILITY TOTAL, CONV FACTOR 32.3465, MULT PROC); the amounts are worked out by hand.
 */
import {
  MedicareBenchmarkSchema,
  computeMedicareBenchmark,
  percentOfBenchmark,
  type BenchmarkCodeInput,
  type MedicareBenchmark,
} from '../../../../shared/dispute/medicare-benchmark';

const CF = 32.3465;
/** Rows of PPRRVU2025_Oct.csv: code, facility total RVU, MULT PROC. */
const LAP_CHOLE: BenchmarkCodeInput = {
  code: '47562',
  facility_total_rvu: 20.06,
  conversion_factor: CF,
  mult_proc: '2',
};
const LAP_CHOLE_GRAPH: BenchmarkCodeInput = {
  code: '47563',
  facility_total_rvu: 21.81,
  conversion_factor: CF,
  mult_proc: '2',
};
const HERNIA: BenchmarkCodeInput = { code: '49505', facility_total_rvu: 15.94, conversion_factor: CF, mult_proc: '2' };
const KNEE_SCOPE: BenchmarkCodeInput = {
  code: '29881',
  facility_total_rvu: 16.64,
  conversion_factor: CF,
  mult_proc: '3',
};

interface Example {
  name: string;
  codes: BenchmarkCodeInput[];
  expected: Omit<MedicareBenchmark, 'year' | 'conversion_factor'> & { conversion_factor?: number | null };
}

const EXAMPLES: Example[] = [
  {
    // 20.06 x 32.3465 = 648.87079
    name: 'a single code: facility total RVU x conversion factor, at 100 %',
    codes: [LAP_CHOLE],
    expected: {
      amount: 648.87,
      per_code: [{ code: '47562', facility_total_rvu: 20.06, amount: 648.87 }],
      missing_codes: [],
    },
  },
  {
    // 47563: 21.81 x 32.3465 = 705.477165 -> 705.48 at 100 %; 49505: 15.94 x 32.3465 = 515.60 -> 257.80
    name: 'indicator 2, the cheaper code listed first: the highest-valued code at 100 %, the other at 50 %',
    codes: [HERNIA, LAP_CHOLE_GRAPH],
    expected: {
      amount: 963.28,
      per_code: [
        { code: '49505', facility_total_rvu: 15.94, amount: 257.8 },
        { code: '47563', facility_total_rvu: 21.81, amount: 705.48 },
      ],
      missing_codes: [],
    },
  },
  {
    name: 'indicator 2, the same codes in the other order: the same amounts, in the case order',
    codes: [LAP_CHOLE_GRAPH, HERNIA],
    expected: {
      amount: 963.28,
      per_code: [
        { code: '47563', facility_total_rvu: 21.81, amount: 705.48 },
        { code: '49505', facility_total_rvu: 15.94, amount: 257.8 },
      ],
      missing_codes: [],
    },
  },
  {
    // 29881: 16.64 x 32.3465 = 538.24576 -> 53,825 cents, half is 26,912.5 -> 269.13 (half up)
    name: 'indicators 2 and 3 rank together: one code at 100 %, the others at 50 %, odd cents rounded half up',
    codes: [HERNIA, KNEE_SCOPE, LAP_CHOLE],
    expected: {
      amount: 1175.8,
      per_code: [
        { code: '49505', facility_total_rvu: 15.94, amount: 257.8 },
        { code: '29881', facility_total_rvu: 16.64, amount: 269.13 },
        { code: '47562', facility_total_rvu: 20.06, amount: 648.87 },
      ],
      missing_codes: [],
    },
  },
  {
    // 10.00 x 32.3465 = 323.465 exactly: half up is 323.47 (a float product would give 323.46)
    name: 'indicator 0 is never reduced, even below a reduced code; a half cent rounds up',
    codes: [LAP_CHOLE, { code: '15734', facility_total_rvu: 10, conversion_factor: CF, mult_proc: '0' }],
    expected: {
      amount: 972.34,
      per_code: [
        { code: '47562', facility_total_rvu: 20.06, amount: 648.87 },
        { code: '15734', facility_total_rvu: 10, amount: 323.47 },
      ],
      missing_codes: [],
    },
  },
  {
    name: 'indicator 9 and an absent indicator count at 100 %; the one indicator-2 code is the highest of its kind',
    codes: [
      { code: '0001F', facility_total_rvu: 0.5, conversion_factor: CF, mult_proc: '9' },
      { code: 'X0001', facility_total_rvu: 1.1, conversion_factor: CF },
      HERNIA,
    ],
    // 0.5 x 32.3465 = 16.17325 -> 16.17; 1.1 x 32.3465 = 35.58115 -> 35.58; 515.60
    expected: {
      amount: 567.35,
      per_code: [
        { code: '0001F', facility_total_rvu: 0.5, amount: 16.17 },
        { code: 'X0001', facility_total_rvu: 1.1, amount: 35.58 },
        { code: '49505', facility_total_rvu: 15.94, amount: 515.6 },
      ],
      missing_codes: [],
    },
  },
  {
    name: 'codes missing from the catalog or without RVUs (starter list) are listed once each, the rest priced',
    codes: [
      { code: '99999' },
      LAP_CHOLE,
      { code: '29880', facility_total_rvu: null, conversion_factor: null },
      { code: '99999' },
    ],
    expected: {
      amount: 648.87,
      per_code: [{ code: '47562', facility_total_rvu: 20.06, amount: 648.87 }],
      missing_codes: ['99999', '29880'],
    },
  },
  {
    name: 'a code listed twice counts twice, the second time at 50 %',
    codes: [LAP_CHOLE, LAP_CHOLE],
    // 64,887 cents at 50 % is 32,443.5 -> 32,444
    expected: {
      amount: 973.31,
      per_code: [
        { code: '47562', facility_total_rvu: 20.06, amount: 648.87 },
        { code: '47562', facility_total_rvu: 20.06, amount: 324.44 },
      ],
      missing_codes: [],
    },
  },
  {
    name: 'no code priced: amount and conversion factor null, every code missing',
    codes: [{ code: '99999' }, { code: '29880', conversion_factor: CF }],
    expected: { amount: null, conversion_factor: null, per_code: [], missing_codes: ['99999', '29880'] },
  },
  {
    name: 'negative or non-finite values are not priced',
    codes: [
      { code: '11111', facility_total_rvu: -1, conversion_factor: CF },
      { code: '22222', facility_total_rvu: Number.NaN, conversion_factor: CF },
    ],
    expected: { amount: null, conversion_factor: null, per_code: [], missing_codes: ['11111', '22222'] },
  },
];

describe('computeMedicareBenchmark', () => {
  it.each(EXAMPLES)('$name', ({ codes, expected }) => {
    // Prepare: the codes of the example and the catalog's year.
    // Act
    const benchmark = computeMedicareBenchmark({ year: 2025, codes });
    // Assess: the expected figures, in the shape the answer schema accepts.
    expect(benchmark).toEqual({ conversion_factor: CF, ...expected, year: 2025 });
    expect(MedicareBenchmarkSchema.strict().parse(benchmark)).toEqual(benchmark);
  });

  it('answers the sum of per_code amounts, computed in cents (no float drift over many codes)', () => {
    // Prepare: 25 codes of 0.10 RVU at 1.0000 dollars per RVU with no reduction: 25 x 10 cents.
    const codes = Array.from({ length: 25 }, (_, i) => ({
      code: String(10000 + i),
      facility_total_rvu: 0.1,
      conversion_factor: 1,
      mult_proc: '0',
    }));
    // Act
    const benchmark = computeMedicareBenchmark({ year: null, codes });
    // Assess: 0.1 added 25 times as floats is 2.5000000000000004.
    expect(benchmark.amount).toBe(2.5);
    expect(benchmark.year).toBeNull();
  });

  it('answers the conversion factor of the highest-valued code when a partial re-import mixed two files', () => {
    // Prepare
    const older = { ...HERNIA, conversion_factor: 33.2875 };
    // Act
    const benchmark = computeMedicareBenchmark({ year: 2025, codes: [older, LAP_CHOLE] });
    // Assess
    expect(benchmark.conversion_factor).toBe(CF);
  });

  it('answers empty lists and a null amount for a case without codes', () => {
    // Act / Assess
    expect(computeMedicareBenchmark({ year: 2025, codes: [] })).toEqual({
      amount: null,
      conversion_factor: null,
      year: 2025,
      per_code: [],
      missing_codes: [],
    });
  });
});

describe('percentOfBenchmark', () => {
  const benchmark = { amount: 648.87 };
  it.each([
    { name: 'twice the benchmark', amount: 1297.74, expected: 200 },
    { name: 'a billed amount, to 1 decimal', amount: 3000, expected: 462.3 },
    { name: 'a payment under the benchmark', amount: 450.5, expected: 69.4 },
    { name: 'zero dollars', amount: 0, expected: 0 },
    { name: 'no amount', amount: null, expected: null },
    { name: 'an undefined amount', amount: undefined, expected: null },
  ])('$name: $amount -> $expected', ({ amount, expected }) => {
    // Act / Assess
    expect(percentOfBenchmark(amount, benchmark)).toBe(expected);
  });

  it('answers null without a benchmark amount above 0', () => {
    // Act / Assess
    expect(percentOfBenchmark(100, { amount: null })).toBeNull();
    expect(percentOfBenchmark(100, { amount: 0 })).toBeNull();
    expect(percentOfBenchmark(100, null)).toBeNull();
  });
});
