/** Ranks `zones` for a query (see zoneSearch.ts); `extra(zone)` is more text of the caller's to match. */
export type ZoneSearch = (
  zones: readonly string[],
  query: string,
  extra?: (zone: string) => string,
) => string[];

let loading: Promise<ZoneSearch> | null = null;

/**
 * The time zone search with its data, fetched as a separate chunk the first time a picker opens
 * (about 21 KB gzip) and kept for the page's life; a failed fetch is tried again on the next opening.
 */
export function loadZoneSearch(): Promise<ZoneSearch> {
  loading ??= Promise.all([import("./zoneSearch"), import("@vvo/tzdb/raw-time-zones.json")])
    .then(([search, data]): ZoneSearch => {
      const index = search.buildZoneIndex(data.default as import("./zoneSearch").RawZone[]);
      return (zones: readonly string[], query: string, extra?: (zone: string) => string) =>
        search.searchZones(index, zones, query, extra);
    })
    .catch((error) => {
      loading = null;
      throw error;
    });
  return loading;
}
