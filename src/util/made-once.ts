// Made once, kept by key: the caches of every stage, and lists gathered by key.

/** What `map` holds at `key`; when it holds nothing there, what `make` gives, kept there first. */
export function madeOnce<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}
