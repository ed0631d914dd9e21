/**
 * Time zone search shared by every zone picker (booking page, schedule editor, profile): by city, former
 * city name, country, zone name, offset and abbreviation. The data is @vvo/tzdb's list of zones (its main
 * cities, country, generic name and abbreviations, kept up to date by its maintainers). This module and
 * the data load together, through zoneSearchLoader.ts, when a picker opens: never with a page's first scripts.
 */

/** One zone group of @vvo/tzdb's raw-time-zones.json (the fields used here). */
export interface RawZone {
  name: string;
  alternativeName: string;
  group: string[];
  countryName: string;
  countryCode: string;
  mainCities: string[];
  abbreviation: string;
  dstAbbreviation?: string;
}

interface Term {
  text: string;
  weight: number;
}

interface Entry {
  name: string;
  terms: Term[];
  abbreviations: { standard: string; daylight?: string };
}

export interface ZoneIndex {
  /** Every zone id of every group, to its group. */
  byZone: Map<string, Entry>;
}

/**
 * Names a city had before and people still type; the data only has today's names (and the zone ids
 * that kept the old ones, such as Asia/Calcutta, which the groups list).
 */
const FORMER_NAMES: Record<string, string[]> = {
  "Asia/Kolkata": ["Bombay", "Madras", "Bangalore", "New Delhi"],
  "Asia/Shanghai": ["Peking"],
  "Asia/Ho_Chi_Minh": ["Saigon"],
};

/**
 * Which zone an ambiguous abbreviation most likely means for people booking meetings, first to last;
 * zones not named follow in list order. All matches are always listed.
 */
const ABBREVIATION_ORDER: Record<string, string[]> = {
  IST: ["Asia/Kolkata", "Asia/Jerusalem", "Europe/Dublin"],
  CST: ["America/Chicago", "Asia/Shanghai", "America/Havana"],
  CET: ["Europe/Berlin", "Europe/Paris"],
  EST: ["America/New_York"],
  PST: ["America/Los_Angeles"],
  MST: ["America/Denver", "America/Phoenix"],
  BST: ["Europe/London"],
  AST: ["America/Halifax", "Asia/Riyadh"],
};

/** Lower case, without accents, underscores as spaces: 'Köln' and 'koln', 'Los_Angeles' and 'los angeles'. */
export function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/_/g, " ")
    .toLowerCase()
    .trim();
}

const cityOf = (zone: string) => zone.split("/").pop() ?? zone;

export function buildZoneIndex(raw: readonly RawZone[]): ZoneIndex {
  const byZone = new Map<string, Entry>();
  for (const z of raw) {
    const terms: Term[] = [
      ...z.group.map((id) => ({ text: normalize(cityOf(id)), weight: 3 })),
      ...z.mainCities.map((c) => ({ text: normalize(c), weight: 3 })),
      ...(FORMER_NAMES[z.name] ?? []).map((c) => ({ text: normalize(c), weight: 3 })),
      { text: normalize(z.countryName), weight: 2.5 },
      { text: normalize(z.alternativeName), weight: 2 },
      ...z.group.map((id) => ({ text: normalize(id), weight: 1 })),
    ];
    const entry: Entry = {
      name: z.name,
      terms,
      abbreviations: { standard: z.abbreviation.toUpperCase(), daylight: z.dstAbbreviation?.toUpperCase() },
    };
    for (const id of z.group) if (!byZone.has(id)) byZone.set(id, entry);
    byZone.set(z.name, entry);
  }
  return { byZone };
}

/** How well one query word matches a term: whole term, start of one of its words, anywhere (3+ letters). */
function wordScore(word: string, term: Term): number {
  if (term.text === word) return 100 * term.weight;
  if (term.text.startsWith(word) || term.text.includes(` ${word}`) || term.text.includes(`/${word}`)) {
    return 60 * term.weight;
  }
  if (word.length >= 3 && term.text.includes(word)) return 20 * term.weight;
  return 0;
}

/**
 * `zones` (in the picker's order) that match `query`, best first; every word must match. An
 * abbreviation (IST, CST, PST, CET) lists all its zones, most likely first, standard time before summer
 * time. `extra(zone)` adds text of the caller's own (its label, its offset) to what is matched.
 */
export function searchZones(
  index: ZoneIndex,
  zones: readonly string[],
  query: string,
  extra: (zone: string) => string = () => "",
): string[] {
  const q = normalize(query);
  if (!q) return [...zones];
  const words = q.split(/\s+/);
  const upper = q.toUpperCase();
  const scored: { zone: string; score: number; order: number }[] = [];
  zones.forEach((zone, order) => {
    const entry = index.byZone.get(zone);
    const own: Term[] = [
      { text: normalize(cityOf(zone)), weight: 3 },
      { text: normalize(zone), weight: 1 },
      { text: normalize(extra(zone)), weight: 1 },
    ];
    const terms = entry ? [...entry.terms, ...own] : own;
    let score = 0;
    if (entry && words.length === 1) {
      const { standard, daylight } = entry.abbreviations;
      const rank = ABBREVIATION_ORDER[upper]?.indexOf(zone) ?? -1;
      const bonus = rank >= 0 ? 400 - rank * 50 : 0;
      if (standard === upper) score += 2000 + bonus;
      else if (daylight === upper) score += 1500 + bonus;
    }
    for (const word of words) {
      let best = 0;
      for (const term of terms) best = Math.max(best, wordScore(word, term));
      if (best === 0 && score < 1500) return;
      score += best;
    }
    // A phrase ('new york', 'united states') matching a whole term beats its words matched apart.
    if (words.length > 1 && terms.some((t) => t.text === q)) score += 300;
    // The group's own zone before the others sharing its data ('Germany': Berlin before Busingen).
    if (entry?.name === zone) score += 10;
    scored.push({ zone, score, order });
  });
  return scored.sort((a, b) => b.score - a.score || a.order - b.order).map((s) => s.zone);
}
