/**
 * A fictitious NPPES registry for the local runtime: a few hundred surgeons
 * (NPI-1) and about a hundred facilities (NPI-2), generated deterministically in memory from a
 * seeded PRNG. Records have the NPPES API v2.1 result shape (upper-case names and addresses as the
 * real registry returns them); every NPI carries a valid check digit (shared/npi.ts).
 *
 * The people and facilities are invented: names are drawn at random from common name lists,
 * street addresses are made up, cities/states/ZIP prefixes are real US places.
 */
import { withNpiCheckDigit } from '../shared/npi';

/** One address of an NPPES result (v2.1). `postal_code` is 9 digits (ZIP+4) like the real registry. */
export interface NppesAddress {
  country_code: 'US';
  country_name: 'United States';
  address_purpose: 'LOCATION' | 'MAILING';
  address_type: 'DOM';
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postal_code: string;
  telephone_number: string;
  fax_number?: string;
}

export interface NppesTaxonomy {
  code: string;
  taxonomy_group: string;
  desc: string;
  state: string;
  license: string;
  primary: boolean;
}

export interface NppesIndividualBasic {
  first_name: string;
  last_name: string;
  middle_name?: string;
  credential: string;
  sole_proprietor: 'YES' | 'NO';
  sex: 'M' | 'F';
  enumeration_date: string;
  last_updated: string;
  status: 'A';
  name_prefix: string;
  name_suffix: string;
}

export interface NppesOrganizationBasic {
  organization_name: string;
  organizational_subpart: 'YES' | 'NO';
  enumeration_date: string;
  last_updated: string;
  status: 'A';
  authorized_official_first_name: string;
  authorized_official_last_name: string;
  authorized_official_telephone_number: string;
  authorized_official_title_or_position: string;
}

interface NppesResultBase {
  /** The 10-digit NPI, as text (v2.1). */
  number: string;
  created_epoch: string;
  last_updated_epoch: string;
  addresses: NppesAddress[];
  practiceLocations: NppesAddress[];
  taxonomies: NppesTaxonomy[];
  identifiers: unknown[];
  endpoints: unknown[];
  other_names: unknown[];
}

export interface NppesIndividual extends NppesResultBase {
  enumeration_type: 'NPI-1';
  basic: NppesIndividualBasic;
}

export interface NppesOrganization extends NppesResultBase {
  enumeration_type: 'NPI-2';
  basic: NppesOrganizationBasic;
}

export type NppesResult = NppesIndividual | NppesOrganization;

export interface NppesRegistry {
  /** NPI-1 surgeons (surgical taxonomies), in generation order. */
  surgeons: NppesIndividual[];
  /** NPI-2 ambulatory surgical centers and general acute care hospitals, in generation order. */
  facilities: NppesOrganization[];
  /** Every record, surgeons first. */
  all: NppesResult[];
  /** Lookup by NPI. */
  byNumber: Map<string, NppesResult>;
}

/** NUCC taxonomy codes used for surgeons (real codes and descriptions, NUCC code set). */
export const SURGEON_TAXONOMIES = [
  { code: '208600000X', desc: 'Surgery' },
  { code: '207X00000X', desc: 'Orthopaedic Surgery' },
  { code: '207T00000X', desc: 'Neurological Surgery' },
  { code: '208G00000X', desc: 'Thoracic Surgery (Cardiothoracic Vascular Surgery)' },
  { code: '2086S0129X', desc: 'Surgery, Vascular Surgery' },
  { code: '208C00000X', desc: 'Colon & Rectal Surgery' },
  { code: '207W00000X', desc: 'Ophthalmology' },
  { code: '207Y00000X', desc: 'Otolaryngology' },
  { code: '208800000X', desc: 'Urology' },
  { code: '2082S0099X', desc: 'Plastic Surgery, Surgery of the Hand' },
] as const;

/** NUCC taxonomy codes used for facilities. */
export const FACILITY_TAXONOMIES = [
  { code: '261QA1903X', desc: 'Clinic/Center, Ambulatory Surgical' },
  { code: '282N00000X', desc: 'General Acute Care Hospital' },
] as const;

/** Default sizes: a few hundred surgeons, about a hundred facilities. */
export const DEFAULT_SURGEON_COUNT = 300;
export const DEFAULT_FACILITY_COUNT = 100;
const DEFAULT_SEED = 20260101;

/** mulberry32: small, fast, deterministic 32-bit PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Real US cities with their state and a ZIP code of the city (used as the 5-digit part). */
const PLACES: readonly (readonly [city: string, state: string, zip: string, area: string])[] = [
  ['BIRMINGHAM', 'AL', '35233', '205'],
  ['PHOENIX', 'AZ', '85006', '602'],
  ['TUCSON', 'AZ', '85719', '520'],
  ['LITTLE ROCK', 'AR', '72205', '501'],
  ['LOS ANGELES', 'CA', '90033', '323'],
  ['SAN DIEGO', 'CA', '92103', '619'],
  ['SACRAMENTO', 'CA', '95817', '916'],
  ['SAN FRANCISCO', 'CA', '94115', '415'],
  ['DENVER', 'CO', '80218', '303'],
  ['HARTFORD', 'CT', '06106', '860'],
  ['WILMINGTON', 'DE', '19801', '302'],
  ['MIAMI', 'FL', '33136', '305'],
  ['TAMPA', 'FL', '33606', '813'],
  ['ORLANDO', 'FL', '32806', '407'],
  ['ATLANTA', 'GA', '30308', '404'],
  ['HONOLULU', 'HI', '96813', '808'],
  ['BOISE', 'ID', '83712', '208'],
  ['CHICAGO', 'IL', '60611', '312'],
  ['INDIANAPOLIS', 'IN', '46202', '317'],
  ['DES MOINES', 'IA', '50309', '515'],
  ['WICHITA', 'KS', '67214', '316'],
  ['LOUISVILLE', 'KY', '40202', '502'],
  ['NEW ORLEANS', 'LA', '70112', '504'],
  ['PORTLAND', 'ME', '04102', '207'],
  ['BALTIMORE', 'MD', '21201', '410'],
  ['BOSTON', 'MA', '02114', '617'],
  ['DETROIT', 'MI', '48201', '313'],
  ['MINNEAPOLIS', 'MN', '55415', '612'],
  ['JACKSON', 'MS', '39216', '601'],
  ['SAINT LOUIS', 'MO', '63110', '314'],
  ['BILLINGS', 'MT', '59101', '406'],
  ['OMAHA', 'NE', '68198', '402'],
  ['LAS VEGAS', 'NV', '89102', '702'],
  ['MANCHESTER', 'NH', '03103', '603'],
  ['NEWARK', 'NJ', '07103', '973'],
  ['ALBUQUERQUE', 'NM', '87106', '505'],
  ['NEW YORK', 'NY', '10016', '212'],
  ['ROCHESTER', 'NY', '14642', '585'],
  ['CHARLOTTE', 'NC', '28204', '704'],
  ['FARGO', 'ND', '58103', '701'],
  ['COLUMBUS', 'OH', '43210', '614'],
  ['CLEVELAND', 'OH', '44106', '216'],
  ['OKLAHOMA CITY', 'OK', '73104', '405'],
  ['PORTLAND', 'OR', '97239', '503'],
  ['PHILADELPHIA', 'PA', '19104', '215'],
  ['PITTSBURGH', 'PA', '15213', '412'],
  ['PROVIDENCE', 'RI', '02903', '401'],
  ['CHARLESTON', 'SC', '29425', '843'],
  ['SIOUX FALLS', 'SD', '57105', '605'],
  ['NASHVILLE', 'TN', '37232', '615'],
  ['HOUSTON', 'TX', '77030', '713'],
  ['DALLAS', 'TX', '75390', '214'],
  ['AUSTIN', 'TX', '78701', '512'],
  ['SAN ANTONIO', 'TX', '78229', '210'],
  ['SALT LAKE CITY', 'UT', '84132', '801'],
  ['BURLINGTON', 'VT', '05401', '802'],
  ['RICHMOND', 'VA', '23298', '804'],
  ['SEATTLE', 'WA', '98104', '206'],
  ['MORGANTOWN', 'WV', '26506', '304'],
  ['MILWAUKEE', 'WI', '53226', '414'],
  ['CHEYENNE', 'WY', '82001', '307'],
];

const MALE_FIRST = [
  'JAMES',
  'ROBERT',
  'JOHN',
  'MICHAEL',
  'DAVID',
  'WILLIAM',
  'RICHARD',
  'JOSEPH',
  'THOMAS',
  'CHRISTOPHER',
  'CHARLES',
  'DANIEL',
  'MATTHEW',
  'ANTHONY',
  'MARK',
  'STEVEN',
  'PAUL',
  'ANDREW',
  'JOSHUA',
  'KENNETH',
  'KEVIN',
  'BRIAN',
  'GEORGE',
  'TIMOTHY',
  'RONALD',
  'JASON',
  'EDWARD',
  'JEFFREY',
  'RYAN',
  'JACOB',
  'NICHOLAS',
  'ERIC',
  'JONATHAN',
  'STEPHEN',
  'RAJ',
  'WEI',
  'CARLOS',
  'AHMED',
  'HIROSHI',
  'OMAR',
] as const;
const FEMALE_FIRST = [
  'MARY',
  'PATRICIA',
  'JENNIFER',
  'LINDA',
  'ELIZABETH',
  'BARBARA',
  'SUSAN',
  'JESSICA',
  'SARAH',
  'KAREN',
  'LISA',
  'NANCY',
  'SANDRA',
  'ASHLEY',
  'EMILY',
  'MICHELLE',
  'AMANDA',
  'MELISSA',
  'STEPHANIE',
  'REBECCA',
  'LAURA',
  'HELEN',
  'AMY',
  'ANNA',
  'NICOLE',
  'CHRISTINA',
  'RACHEL',
  'CATHERINE',
  'MARIA',
  'PRIYA',
  'MEI',
  'SOFIA',
  'AISHA',
  'YUKI',
] as const;
const LAST = [
  'SMITH',
  'JOHNSON',
  'WILLIAMS',
  'BROWN',
  'JONES',
  'GARCIA',
  'MILLER',
  'DAVIS',
  'RODRIGUEZ',
  'MARTINEZ',
  'HERNANDEZ',
  'LOPEZ',
  'GONZALEZ',
  'WILSON',
  'ANDERSON',
  'THOMAS',
  'TAYLOR',
  'MOORE',
  'JACKSON',
  'MARTIN',
  'LEE',
  'PEREZ',
  'THOMPSON',
  'WHITE',
  'HARRIS',
  'SANCHEZ',
  'CLARK',
  'RAMIREZ',
  'LEWIS',
  'ROBINSON',
  'WALKER',
  'YOUNG',
  'ALLEN',
  'KING',
  'WRIGHT',
  'SCOTT',
  'TORRES',
  'NGUYEN',
  'HILL',
  'FLORES',
  'GREEN',
  'ADAMS',
  'NELSON',
  'BAKER',
  'HALL',
  'RIVERA',
  'CAMPBELL',
  'MITCHELL',
  'CARTER',
  'ROBERTS',
  'GOMEZ',
  'PHILLIPS',
  'EVANS',
  'TURNER',
  'DIAZ',
  'PARKER',
  'CRUZ',
  'EDWARDS',
  'COLLINS',
  'REYES',
  'STEWART',
  'MORRIS',
  'MORALES',
  'MURPHY',
  'COOK',
  'ROGERS',
  'GUTIERREZ',
  'ORTIZ',
  'MORGAN',
  'COOPER',
  'PETERSON',
  'BAILEY',
  'REED',
  'KELLY',
  'HOWARD',
  'RAMOS',
  'KIM',
  'COX',
  'WARD',
  'RICHARDSON',
  'WATSON',
  'BROOKS',
  'CHAVEZ',
  'WOOD',
  'JAMES',
  'BENNETT',
  'GRAY',
  'MENDOZA',
  'RUIZ',
  'HUGHES',
  'PRICE',
  'ALVAREZ',
  'CASTILLO',
  'SANDERS',
  'PATEL',
  'MYERS',
  'LONG',
  'ROSS',
  'FOSTER',
  'CHEN',
  'SHAH',
  'TANAKA',
  'OKAFOR',
  'KOWALSKI',
  'NOVAK',
  'LINDQVIST',
  "O'BRIEN",
  'MCALLISTER',
] as const;
const MIDDLE_INITIALS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'J',
  'K',
  'L',
  'M',
  'N',
  'P',
  'R',
  'S',
  'T',
  'W',
] as const;
const CREDENTIALS = ['MD', 'M.D.', 'DO', 'D.O.', 'MD, FACS', 'M.D., PH.D.'] as const;
const STREETS = [
  'MAIN',
  'OAK',
  'MAPLE',
  'CEDAR',
  'PINE',
  'ELM',
  'WASHINGTON',
  'LAKE',
  'HILL',
  'PARK',
  'MEDICAL CENTER',
  'HOSPITAL',
  'UNIVERSITY',
  'RIVER',
  'SPRING',
  'CHURCH',
  'HIGHLAND',
  'FAIRVIEW',
  'WILLOW',
  'JEFFERSON',
  'FRANKLIN',
  'LINCOLN',
  'MADISON',
  'SUNSET',
  'MEADOW',
  'PROFESSIONAL',
  'HEALTH PARK',
  'WELLNESS',
] as const;
const SUFFIXES = ['ST', 'AVE', 'BLVD', 'RD', 'DR', 'CT', 'PL', 'LN', 'PKWY', 'WAY'] as const;
const SUITES = [
  '',
  '',
  '',
  'SUITE 100',
  'SUITE 200',
  'SUITE 210',
  'SUITE 305',
  'STE 4B',
  'FLOOR 2',
  'BUILDING C',
] as const;
const FACILITY_DESCRIPTORS = [
  'LAKESIDE',
  'RIVERBEND',
  'PINE VALLEY',
  'CEDAR RIDGE',
  'NORTHGATE',
  'SUMMIT',
  'HARBOR VIEW',
  'MEADOWBROOK',
  'WILLOW CREEK',
  'EAGLE POINT',
  'SILVER OAK',
  'BLUE HERON',
  'STONEBRIDGE',
  'MAPLE GROVE',
  'RED ROCK',
  'GOLDEN PLAINS',
  'CRESTVIEW',
  'FOXHOLLOW',
  'BAYSHORE',
  'IRONWOOD',
  'CLEARWATER',
  'HIGHPOINT',
  'SUNRISE',
  'EVERGREEN',
  'PRAIRIE VIEW',
] as const;
const ASC_FORMS = [
  '{D} SURGERY CENTER LLC',
  '{D} AMBULATORY SURGERY CENTER',
  '{C} OUTPATIENT SURGICAL CENTER',
  '{D} SURGICAL ARTS LLC',
  '{C} ENDOSCOPY AND SURGERY CENTER',
  '{D} ORTHOPEDIC SURGERY CENTER LLC',
  '{D} EYE SURGERY CENTER',
  '{C} DAY SURGERY PC',
] as const;
const HOSPITAL_FORMS = [
  '{D} REGIONAL MEDICAL CENTER',
  '{C} GENERAL HOSPITAL',
  '{D} COMMUNITY HOSPITAL',
  '{D} MEMORIAL HOSPITAL',
  '{C} MEDICAL CENTER',
  '{D} HEALTH SYSTEM HOSPITAL INC',
] as const;
const OFFICIAL_TITLES = [
  'CEO',
  'ADMINISTRATOR',
  'CHIEF FINANCIAL OFFICER',
  'PRESIDENT',
  'DIRECTOR OF OPERATIONS',
] as const;

class Generator {
  /** Next float in [0, 1). */
  readonly next: () => number;
  private readonly usedNpis = new Set<string>();

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }

  npi(): string {
    for (;;) {
      const first9 = `${this.pick(['1', '1', '1', '2'])}${this.digits(8)}`;
      const npi = withNpiCheckDigit(first9);
      if (!this.usedNpis.has(npi)) {
        this.usedNpis.add(npi);
        return npi;
      }
    }
  }

  phone(area: string): string {
    return `${area}-${this.int(200, 989)}-${this.digits(4)}`;
  }

  date(fromYear: number, toYear: number): string {
    const y = this.int(fromYear, toYear);
    const m = this.int(1, 12);
    const d = this.int(1, 28);
    return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  }

  address(purpose: 'LOCATION' | 'MAILING', place: (typeof PLACES)[number], suite: boolean): NppesAddress {
    const [city, state, zip, area] = place;
    return {
      country_code: 'US',
      country_name: 'United States',
      address_purpose: purpose,
      address_type: 'DOM',
      address_1: `${this.int(10, 9899)} ${this.pick(STREETS)} ${this.pick(SUFFIXES)}`,
      address_2: suite ? this.pick(SUITES) : '',
      city,
      state,
      postal_code: `${zip}${this.digits(4)}`,
      telephone_number: this.phone(area),
      fax_number: this.phone(area),
    };
  }
}

function epochOf(date: string): string {
  return String(Date.parse(`${date}T00:00:00Z`));
}

/**
 * Generate the registry. Deterministic for a given seed and counts (same NPIs, names and addresses
 * on every start), so seeded data that refers to registry NPIs stays valid across restarts.
 */
export function generateRegistry(
  seed: number = DEFAULT_SEED,
  surgeonCount: number = DEFAULT_SURGEON_COUNT,
  facilityCount: number = DEFAULT_FACILITY_COUNT,
): NppesRegistry {
  const g = new Generator(seed);
  const surgeons: NppesIndividual[] = [];
  for (let i = 0; i < surgeonCount; i++) {
    const sex = g.next() < 0.55 ? 'M' : 'F';
    const place = g.pick(PLACES);
    const location = g.address('LOCATION', place, true);
    const mailing =
      g.next() < 0.7 ? { ...location, address_purpose: 'MAILING' as const } : g.address('MAILING', place, false);
    const taxonomy = SURGEON_TAXONOMIES[i % SURGEON_TAXONOMIES.length]!;
    const enumerationDate = g.date(2005, 2022);
    const lastUpdated = g.date(2023, 2025);
    const taxonomies: NppesTaxonomy[] = [
      {
        code: taxonomy.code,
        taxonomy_group: '',
        desc: taxonomy.desc,
        state: place[1],
        license: `${place[1]}${g.digits(6)}`,
        primary: true,
      },
    ];
    if (g.next() < 0.15) {
      const other = g.pick(PLACES);
      taxonomies.push({
        code: taxonomy.code,
        taxonomy_group: '',
        desc: taxonomy.desc,
        state: other[1],
        license: `${other[1]}${g.digits(6)}`,
        primary: false,
      });
    }
    surgeons.push({
      number: g.npi(),
      enumeration_type: 'NPI-1',
      created_epoch: epochOf(enumerationDate),
      last_updated_epoch: epochOf(lastUpdated),
      basic: {
        first_name: g.pick(sex === 'M' ? MALE_FIRST : FEMALE_FIRST),
        last_name: g.pick(LAST),
        middle_name: g.pick(MIDDLE_INITIALS),
        credential: g.pick(CREDENTIALS),
        sole_proprietor: g.next() < 0.2 ? 'YES' : 'NO',
        sex,
        enumeration_date: enumerationDate,
        last_updated: lastUpdated,
        status: 'A',
        name_prefix: 'Dr.',
        name_suffix: '--',
      },
      addresses: [location, mailing],
      practiceLocations: [],
      taxonomies,
      identifiers: [],
      endpoints: [],
      other_names: [],
    });
  }

  const facilities: NppesOrganization[] = [];
  const usedNames = new Set<string>();
  for (let i = 0; i < facilityCount; i++) {
    const place = g.pick(PLACES);
    const isHospital = i % 5 >= 3; // 60 % ambulatory surgical centers, 40 % hospitals
    const taxonomy = FACILITY_TAXONOMIES[isHospital ? 1 : 0];
    let name = '';
    do {
      name = g
        .pick(isHospital ? HOSPITAL_FORMS : ASC_FORMS)
        .replace('{D}', g.pick(FACILITY_DESCRIPTORS))
        .replace('{C}', place[0]);
    } while (usedNames.has(name));
    usedNames.add(name);
    const location = g.address('LOCATION', place, !isHospital);
    const enumerationDate = g.date(2006, 2020);
    const lastUpdated = g.date(2022, 2025);
    facilities.push({
      number: g.npi(),
      enumeration_type: 'NPI-2',
      created_epoch: epochOf(enumerationDate),
      last_updated_epoch: epochOf(lastUpdated),
      basic: {
        organization_name: name,
        organizational_subpart: 'NO',
        enumeration_date: enumerationDate,
        last_updated: lastUpdated,
        status: 'A',
        authorized_official_first_name: g.pick(g.next() < 0.5 ? MALE_FIRST : FEMALE_FIRST),
        authorized_official_last_name: g.pick(LAST),
        authorized_official_telephone_number: location.telephone_number.replace(/-/g, ''),
        authorized_official_title_or_position: g.pick(OFFICIAL_TITLES),
      },
      addresses: [location, { ...location, address_purpose: 'MAILING' }],
      practiceLocations: [],
      taxonomies: [
        {
          code: taxonomy.code,
          taxonomy_group: '',
          desc: taxonomy.desc,
          state: place[1],
          license: g.digits(7),
          primary: true,
        },
      ],
      identifiers: [],
      endpoints: [],
      other_names: [],
    });
  }

  const all: NppesResult[] = [...surgeons, ...facilities];
  return { surgeons, facilities, all, byNumber: new Map(all.map((r) => [r.number, r])) };
}

let cachedRegistry: NppesRegistry | undefined;

/** The default registry (memoised): 300 surgeons and 100 facilities from the fixed seed. */
export function getRegistry(): NppesRegistry {
  cachedRegistry ??= generateRegistry();
  return cachedRegistry;
}
