/**
 * What a feature keeps of the features that follow it: listeners of its changes, parts of its export,
 * hooks of its deletions. A follower adds itself when it registers, after the feature it follows
 * (app.ts lists features in that order), so no feature reaches for one registered later. The owner
 * reads `items` each time it acts, so what is added after the owner was built counts.
 */
export interface Registry<T> {
  add(item: T): void;
  readonly items: readonly T[];
}

export function createRegistry<T>(): Registry<T> {
  const items: T[] = [];
  return {
    add(item) {
      items.push(item);
    },
    items,
  };
}
