import type { Custody, Grader, PsaCert, Sport } from '#common/cards.ts';

/** A demo card: real players, years and sets; the certificate numbers are made up. */
export interface DemoCard {
  grader: Grader;
  certNumber: string | null;
  grade: string | null;
  gradeValue: number | null;
  year: number;
  brand: string;
  subject: string;
  cardNumber: string | null;
  variety: string | null;
  sport: Sport;
  estimatedValueCents: number;
  custody: Custody;
  /** The owner keeps this estimate over the market price (decision 051). */
  estimatePinned: boolean;
  /** What the owner had estimated before pinning (the provenance's `edited` event), when pinned. */
  estimateBeforePinCents: number | null;
}

const $ = (dollars: number) => dollars * 100;

/**
 * Cards whose owners pinned their own figure (certificate → dollars): Casey's Gretzky was
 * appraised above recent sales, Jordan's Jeter Foil has a centring the sales do not reflect.
 * Every other demo card that matches a constituent follows its market price.
 */
const pinnedEstimates: Record<string, number> = { '44120983': 26_500, '27740931': 3_450 };

type Row = [Grader, string | null, string, number, number, string, string, string, string | null, Sport, number, Custody?];
const card = ([grader, certNumber, grade, gradeValue, year, brand, subject, cardNumber, variety, sport, dollars, custody]: Row): DemoCard => ({
  grader,
  certNumber,
  grade,
  gradeValue,
  year,
  brand,
  subject,
  cardNumber,
  variety,
  sport,
  estimatedValueCents: $(pinnedEstimates[certNumber ?? ''] ?? dollars),
  custody: custody ?? 'with_owner',
  estimatePinned: Boolean(certNumber && pinnedEstimates[certNumber]),
  estimateBeforePinCents: certNumber && pinnedEstimates[certNumber] ? $(dollars) : null,
});

/** By demo phone: Casey holds a six-figure collection, Jordan and Morgan smaller ones. */
export const demoCards: Record<string, DemoCard[]> = {
  // Casey Collector
  '+12125550103': (
    [
      [
        'BGS',
        '0012873345',
        'GEM MINT 9.5',
        9.5,
        2017,
        'Panini National Treasures',
        'Patrick Mahomes II',
        '161',
        'Rookie Patch Autograph /99',
        'football',
        118_000,
        'in_vault',
      ],
      ['PSA', '25531870', 'MINT 9', 9, 1986, 'Fleer', 'Michael Jordan', '57', null, 'basketball', 16_500, 'in_vault'],
      ['PSA', '44120983', 'NM-MT 8', 8, 1979, 'O-Pee-Chee', 'Wayne Gretzky', '18', null, 'hockey', 24_000, 'in_vault'],
      ['PSA', '61873204', 'GEM MT 10', 10, 2009, 'Topps Chrome', 'Stephen Curry', '101', 'Refractor /500', 'basketball', 21_000],
      ['SGC', '1045527', 'NM 7', 7, 1954, 'Topps', 'Hank Aaron', '128', null, 'baseball', 11_800],
      ['PSA', '38845512', 'NM 7', 7, 1966, 'Topps', 'Bobby Orr', '35', null, 'hockey', 8_200, 'in_transit'],
      ['PSA', '53310267', 'MINT 9', 9, 1996, 'Topps Chrome', 'Kobe Bryant', '138', 'Refractor', 'basketball', 7_900],
      ['BGS', '0011450982', 'GEM MINT 9.5', 9.5, 2003, 'Topps Chrome', 'LeBron James', '111', 'Refractor', 'basketball', 12_500],
      ['PSA', '49902871', 'NM-MT 8', 8, 1957, 'Topps', 'Johnny Unitas', '138', null, 'football', 9_100],
      ['PSA', '72218840', 'GEM MT 10', 10, 2011, 'Topps Update', 'Mike Trout', 'US175', null, 'baseball', 4_600],
      ['PSA', '30018876', 'GEM MT 10', 10, 1989, 'Upper Deck', 'Ken Griffey Jr.', '1', null, 'baseball', 2_600],
      ['SGC', '1190342', 'NM/MT 8', 8, 1968, 'Topps', 'Nolan Ryan', '177', null, 'baseball', 9_700],
    ] satisfies Row[]
  ).map(card),
  // Jordan Reyes
  '+12125550104': (
    [
      ['PSA', '65542019', 'GEM MT 10', 10, 2018, 'Panini Prizm', 'Luka Doncic', '280', 'Silver', 'basketball', 4_200],
      ['PSA', '70031145', 'GEM MT 10', 10, 2018, 'Topps Update', 'Shohei Ohtani', 'US1', null, 'baseball', 650],
      ['PSA', '27740931', 'MINT 9', 9, 1993, 'SP', 'Derek Jeter', '279', 'Foil', 'baseball', 3_100, 'in_vault'],
      ['BGS', '0010987761', 'MINT 9', 9, 2000, 'Bowman Chrome', 'Tom Brady', '236', null, 'football', 5_800],
      ['SGC', '1288015', 'MINT 9', 9, 1998, 'Playoff Contenders', 'Peyton Manning', '87', 'Rookie Ticket Autograph', 'football', 6_300],
      ['PSA', '58872300', 'GEM MT 10', 10, 2005, 'Upper Deck', 'Sidney Crosby', '201', 'Young Guns', 'hockey', 3_000],
      ['PSA', '33190457', 'MINT 9', 9, 1980, 'Topps', 'Rickey Henderson', '482', null, 'baseball', 1_450],
      ['PSA', '66612098', 'GEM MT 10', 10, 2019, 'Panini Prizm', 'Zion Williamson', '248', null, 'basketball', 320],
      ['raw', null, '', 0, 1985, 'Topps', 'Mark McGwire', '401', null, 'baseball', 90],
    ] satisfies Row[]
  )
    .map(card)
    .map((c) => (c.grader === 'raw' ? { ...c, grade: null, gradeValue: null } : c)),
  // Morgan Manager
  '+12125550102': (
    [
      ['PSA', '41177630', 'NM 7', 7, 1955, 'Topps', 'Sandy Koufax', '123', null, 'baseball', 6_100, 'in_vault'],
      ['PSA', '47730815', 'NM 7', 7, 1958, 'Topps', 'Jim Brown', '62', null, 'football', 5_200],
      ['PSA', '36601124', 'GEM MT 10', 10, 1985, 'Topps', 'Mark McGwire', '401', null, 'baseball', 1_500],
      ['BGS', '0013305541', 'NM-MT+ 8.5', 8.5, 1984, 'Star', 'Michael Jordan', '101', null, 'basketball', 19_500],
      ['SGC', '1320077', 'GEM MT 10', 10, 2000, 'Playoff Contenders', 'Tom Brady', '144', 'Championship Ticket Autograph', 'football', 0],
      ['PSA', '62200417', 'MINT 9', 9, 2000, 'Bowman Chrome', 'Tom Brady', '236', null, 'football', 6_400],
      ['PSA', '55108862', 'GEM MT 10', 10, 2003, 'Upper Deck', 'LeBron James', '221', 'Rookie', 'basketball', 2_900],
      ['PSA', '29034418', 'NM-MT 8', 8, 1963, 'Topps', 'Pete Rose', '537', null, 'baseball', 7_600],
    ] satisfies Row[]
  )
    .map(card)
    // A Contenders Brady ticket in SGC 10 has no recent sale: valued at the last appraisal.
    .map((c) => (c.estimatedValueCents === 0 ? { ...c, estimatedValueCents: $(72_000) } : c)),
};

const psaGradeDescription: Record<number, string> = { 10: 'GEM MINT', 9: 'MINT', 8: 'NM-MT', 7: 'NEAR MINT' };
const categoryOf: Record<Sport, string> = {
  baseball: 'BASEBALL CARDS',
  basketball: 'BASKETBALL CARDS',
  football: 'FOOTBALL CARDS',
  hockey: 'HOCKEY CARDS',
  soccer: 'SOCCER CARDS',
  golf: 'GOLF CARDS',
  boxing: 'BOXING CARDS',
  racing: 'RACING CARDS',
  other: 'MISC CARDS',
};

function populations(certNumber: string, gradeValue: number) {
  // Stable, plausible numbers per certificate: rarer at the top grade.
  const n = [...certNumber].reduce((a, d) => a * 31 + Number(d), 7) % 5000;
  const total = gradeValue >= 10 ? 40 + (n % 900) : 200 + n;
  const higher = gradeValue >= 10 ? 0 : 10 + (n % 400);
  return { totalPopulation: total, populationHigher: higher };
}

/** PSA's answer for a demo card, in our shape (as PSA prints names: upper case). */
export function psaCertOf(
  c: Pick<DemoCard, 'certNumber' | 'year' | 'brand' | 'subject' | 'cardNumber' | 'variety' | 'sport' | 'grade' | 'gradeValue'>,
): PsaCert {
  const gradeValue = c.gradeValue ?? 0;
  return {
    certNumber: c.certNumber!,
    year: String(c.year),
    brand: c.brand.toUpperCase(),
    subject: c.subject.toUpperCase(),
    cardNumber: c.cardNumber,
    variety: c.variety?.toUpperCase() ?? null,
    category: categoryOf[c.sport],
    grade: c.grade,
    gradeDescription: psaGradeDescription[gradeValue] ?? null,
    ...populations(c.certNumber!, gradeValue),
    labelType: 'LighthouseLabel',
    imageFrontUrl: null,
    imageBackUrl: null,
  };
}

/** Every PSA certificate among the demo cards (the seed caches them; the fake PSA knows them). */
export const demoPsaCerts: PsaCert[] = Object.values(demoCards)
  .flat()
  .filter((c) => c.grader === 'PSA' && c.certNumber)
  .map(psaCertOf);

/** PSA slabs nobody holds yet: what a demo (or a browser test) can add by certificate number. */
export const unregisteredPsaCerts: PsaCert[] = (
  [
    ['PSA', '80412276', 'GEM MT 10', 10, 2020, 'Panini Prizm', 'Justin Herbert', '325', null, 'football', 900],
    ['PSA', '80412277', 'MINT 9', 9, 1997, 'Topps Chrome', 'Tim Duncan', '115', 'Refractor', 'basketball', 700],
    ['PSA', '80412278', 'NM-MT 8', 8, 1975, 'Topps', 'George Brett', '228', null, 'baseball', 450],
    ['PSA', '80412279', 'GEM MT 10', 10, 2015, 'Topps Chrome', 'Kris Bryant', '151', null, 'baseball', 150],
    ['PSA', '80412280', 'MINT 9', 9, 2012, 'Panini Prizm', 'Russell Wilson', '215', null, 'football', 200],
    ['PSA', '80412281', 'GEM MT 10', 10, 2018, 'Upper Deck', 'Elias Pettersson', '219', 'Young Guns', 'hockey', 350],
  ] satisfies Row[]
)
  .map(card)
  .map(psaCertOf);

/**
 * The demo's sample PSA certificates, in one place: the fake PSA knows them, and without a PSA token
 * the demo answers look-ups from them (providers/psa/psa.demo.ts).
 */
export const demoPsaSampleCerts = (): PsaCert[] => [...demoPsaCerts, ...unregisteredPsaCerts];
