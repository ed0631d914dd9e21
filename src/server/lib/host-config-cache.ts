/**
 * A feature's last read of a host's configuration, reused while the host's config counter stands
 * (host_config_versions, raised by triggers in the transaction of every change: migration 0047). The
 * counter comes with the booking's slot check, so a new booking's listeners skip their reads until the
 * host changes something (issue 30). Safe with several instances: each reads the counter from the
 * database on every booking, so a change made through any instance is seen by the next booking.
 * A read started after the counter was read may see a newer configuration than its key says; the next
 * booking brings the newer counter and reads again, so nothing stale is ever served past a change.
 */
export interface HostConfigCache<T> {
  /** The host's value at `version`: kept, else loaded (and kept). Without a version: always loaded. */
  get(hostId: string, version: number | undefined, load: () => Promise<T>): Promise<T>;
}

/** Hosts kept per feature; the least recently used leaves first. */
const DEFAULT_LIMIT = 10_000;

export function hostConfigCache<T>(limit = DEFAULT_LIMIT): HostConfigCache<T> {
  const kept = new Map<string, { version: number; value: Promise<T> }>();
  return {
    get(hostId, version, load) {
      if (version === undefined) return load();
      const hit = kept.get(hostId);
      if (hit && hit.version === version) {
        kept.delete(hostId); // to the back: most recently used
        kept.set(hostId, hit);
        return hit.value;
      }
      // Settled once here: a query builder (a thenable that runs again on every `then`) is read once.
      const value = Promise.resolve(load());
      kept.delete(hostId);
      kept.set(hostId, { version, value });
      // A failed read is not kept: the next booking tries again.
      value.catch(() => {
        if (kept.get(hostId)?.value === value) kept.delete(hostId);
      });
      if (kept.size > limit) kept.delete(kept.keys().next().value as string);
      return value;
    },
  };
}
