import DataLoader from 'dataloader';

/**
 * Per-request DataLoaders, created on first use under a name. Every reference resolver and nested
 * field that reads by key goes through one, so a query costs one statement per level, not per row.
 */
export class Loaders {
  private readonly byName = new Map<string, DataLoader<unknown, unknown>>();

  get<K, V>(name: string, batch: (keys: readonly K[]) => Promise<Array<V | Error>>): DataLoader<K, V> {
    let loader = this.byName.get(name);
    if (!loader) {
      loader = new DataLoader<K, V>(batch) as DataLoader<unknown, unknown>;
      this.byName.set(name, loader);
    }
    return loader as DataLoader<K, V>;
  }
}

/** Orders rows found by key as DataLoader expects: one entry per key, null where none was found. */
export function byKey<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): Array<V | null> {
  const found = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => found.get(key) ?? null);
}

/** Groups rows under their key: one (possibly empty) list per key. */
export function groupedByKey<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): V[][] {
  const groups = new Map<K, V[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
}
