import { useEffect, useState } from "react";

/**
 * The phone rules (libphonenumber-js and the zone-to-country data, src/domain/phone.ts) load in their
 * own chunk once the details step shows: the page's first load stays within its budget (issue 4).
 */
export type PhoneLib = typeof import("../../../domain/phone");

let loaded: PhoneLib | undefined;
let loading: Promise<PhoneLib> | undefined;

export function loadPhoneLib(): Promise<PhoneLib> {
  loading ??= import("../../../domain/phone").then((lib) => {
    loaded = lib;
    return lib;
  });
  return loading;
}

/** The phone rules, once loaded (undefined for the first moment, or if the chunk failed to load). */
export function usePhoneLib(enabled = true): PhoneLib | undefined {
  const [lib, setLib] = useState(loaded);
  useEffect(() => {
    if (lib || !enabled) return;
    let live = true;
    loadPhoneLib()
      .then((l) => live && setLib(l))
      // Offline for a moment: the server still checks the number.
      .catch(() => {
        loading = undefined;
      });
    return () => {
      live = false;
    };
  }, [lib, enabled]);
  return lib;
}

/** The country a number defaults to: the invitee's zone's, else their browser language's, else US. */
export function defaultPhoneCountry(lib: PhoneLib, zone: string): string {
  const fromZone = lib.countryOfZone(zone);
  if (fromZone) return fromZone;
  try {
    const region = new Intl.Locale(navigator.language).maximize().region;
    if (lib.isPhoneCountry(region)) return region;
  } catch {
    // An odd language tag: fall through.
  }
  return "US";
}
