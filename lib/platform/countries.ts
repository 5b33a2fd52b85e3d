/** A place trends are computed for: the 64 countries of the trending list, plus Worldwide. */
export type TrendPlace = {
  name: string;
  code: string; // ISO 3166 alpha-2
  woeid: number;
  /** Faker locales whose words the generator writes tweets in for this country, most likely first. */
  locales: readonly string[];
};

export const WORLDWIDE = { name: 'Worldwide', code: 'WW', woeid: 1, locales: ['en'] } as const satisfies TrendPlace;

export const COUNTRIES: readonly TrendPlace[] = [
  { name: 'United States', code: 'US', woeid: 23424977, locales: ['en', 'es'] },
  { name: 'United Kingdom', code: 'GB', woeid: 23424975, locales: ['en'] },
  { name: 'Canada', code: 'CA', woeid: 23424775, locales: ['en', 'fr'] },
  { name: 'Australia', code: 'AU', woeid: 23424748, locales: ['en'] },
  { name: 'New Zealand', code: 'NZ', woeid: 23424916, locales: ['en'] },
  { name: 'Ireland', code: 'IE', woeid: 23424803, locales: ['en'] },
  { name: 'India', code: 'IN', woeid: 23424848, locales: ['en_IN', 'en'] },
  { name: 'Pakistan', code: 'PK', woeid: 23424922, locales: ['en', 'ur'] },
  { name: 'Nigeria', code: 'NG', woeid: 23424908, locales: ['en'] },
  { name: 'Kenya', code: 'KE', woeid: 23424863, locales: ['en'] },
  { name: 'Ghana', code: 'GH', woeid: 23424824, locales: ['en'] },
  { name: 'South Africa', code: 'ZA', woeid: 23424942, locales: ['en', 'af_ZA'] },
  { name: 'Singapore', code: 'SG', woeid: 23424948, locales: ['en'] },
  { name: 'Philippines', code: 'PH', woeid: 23424934, locales: ['en'] },
  { name: 'Malaysia', code: 'MY', woeid: 23424901, locales: ['en', 'id_ID'] },
  { name: 'Indonesia', code: 'ID', woeid: 23424846, locales: ['id_ID', 'en'] },
  { name: 'Thailand', code: 'TH', woeid: 23424960, locales: ['th', 'en'] },
  { name: 'Vietnam', code: 'VN', woeid: 23424984, locales: ['vi'] },
  { name: 'Japan', code: 'JP', woeid: 23424856, locales: ['ja'] },
  { name: 'Korea', code: 'KR', woeid: 23424868, locales: ['ko'] },
  { name: 'Spain', code: 'ES', woeid: 23424950, locales: ['es'] },
  { name: 'Mexico', code: 'MX', woeid: 23424900, locales: ['es'] },
  { name: 'Argentina', code: 'AR', woeid: 23424747, locales: ['es'] },
  { name: 'Colombia', code: 'CO', woeid: 23424787, locales: ['es'] },
  { name: 'Chile', code: 'CL', woeid: 23424782, locales: ['es'] },
  { name: 'Peru', code: 'PE', woeid: 23424919, locales: ['es'] },
  { name: 'Venezuela', code: 'VE', woeid: 23424982, locales: ['es'] },
  { name: 'Ecuador', code: 'EC', woeid: 23424801, locales: ['es'] },
  { name: 'Dominican Republic', code: 'DO', woeid: 23424800, locales: ['es'] },
  { name: 'Guatemala', code: 'GT', woeid: 23424834, locales: ['es'] },
  { name: 'Panama', code: 'PA', woeid: 23424924, locales: ['es'] },
  { name: 'Puerto Rico', code: 'PR', woeid: 23424935, locales: ['es', 'en'] },
  { name: 'Brazil', code: 'BR', woeid: 23424768, locales: ['pt_BR'] },
  { name: 'Portugal', code: 'PT', woeid: 23424925, locales: ['pt_PT'] },
  { name: 'France', code: 'FR', woeid: 23424819, locales: ['fr'] },
  { name: 'Belgium', code: 'BE', woeid: 23424757, locales: ['nl_BE', 'fr'] },
  { name: 'Switzerland', code: 'CH', woeid: 23424957, locales: ['de_CH', 'fr'] },
  { name: 'Germany', code: 'DE', woeid: 23424829, locales: ['de'] },
  { name: 'Austria', code: 'AT', woeid: 23424750, locales: ['de_AT'] },
  { name: 'Netherlands', code: 'NL', woeid: 23424909, locales: ['nl'] },
  { name: 'Italy', code: 'IT', woeid: 23424853, locales: ['it'] },
  { name: 'Greece', code: 'GR', woeid: 23424833, locales: ['el'] },
  { name: 'Turkey', code: 'TR', woeid: 23424969, locales: ['tr'] },
  { name: 'Russia', code: 'RU', woeid: 23424936, locales: ['ru'] },
  { name: 'Ukraine', code: 'UA', woeid: 23424976, locales: ['uk'] },
  { name: 'Belarus', code: 'BY', woeid: 23424765, locales: ['ru'] },
  { name: 'Poland', code: 'PL', woeid: 23424923, locales: ['pl'] },
  { name: 'Latvia', code: 'LV', woeid: 23424874, locales: ['lv'] },
  { name: 'Sweden', code: 'SE', woeid: 23424954, locales: ['sv'] },
  { name: 'Norway', code: 'NO', woeid: 23424910, locales: ['nb_NO'] },
  { name: 'Denmark', code: 'DK', woeid: 23424796, locales: ['da'] },
  { name: 'Finland', code: 'FI', woeid: 23424812, locales: ['fi'] },
  { name: 'Czech Republic', code: 'CZ', woeid: 23424810, locales: ['cs_CZ'] },
  { name: 'Israel', code: 'IL', woeid: 23424852, locales: ['he'] },
  { name: 'Saudi Arabia', code: 'SA', woeid: 23424938, locales: ['ar'] },
  { name: 'United Arab Emirates', code: 'AE', woeid: 23424738, locales: ['ar', 'en'] },
  { name: 'Egypt', code: 'EG', woeid: 23424802, locales: ['ar'] },
  { name: 'Kuwait', code: 'KW', woeid: 23424870, locales: ['ar'] },
  { name: 'Qatar', code: 'QA', woeid: 23424930, locales: ['ar'] },
  { name: 'Oman', code: 'OM', woeid: 23424898, locales: ['ar'] },
  { name: 'Bahrain', code: 'BH', woeid: 23424753, locales: ['ar'] },
  { name: 'Lebanon', code: 'LB', woeid: 23424873, locales: ['ar', 'fr'] },
  { name: 'Jordan', code: 'JO', woeid: 23424860, locales: ['ar'] },
  { name: 'Algeria', code: 'DZ', woeid: 23424740, locales: ['ar', 'fr'] },
];

/** Finds a trend place by its name or its alpha-2 code, case-insensitively. */
export function findTrendPlace(nameOrCode: string): TrendPlace | undefined {
  const wanted = nameOrCode.trim().toLowerCase();
  if (wanted === WORLDWIDE.name.toLowerCase() || wanted === 'ww') return WORLDWIDE;
  return COUNTRIES.find((c) => c.name.toLowerCase() === wanted || c.code.toLowerCase() === wanted);
}
