// Values made once and looked up after: a build asks for the same texts thousands of times (a
// moment's date on every page that lists it, the footer on every page). Each store is bounded, as
// `serve` and `dev` live on across builds: the first value kept past the limit empties it.
//
// Written `made.get(key) ?? keep(made, key, limit, make(key))`: the value is made only when it is
// missing, and a lookup makes no function to make it with (a closure for each of 60,000 lookups a
// build of 2,000 notices makes was garbage of its own).

/** Keeps `value` in `made` for `key`, and gives it back: `made` is emptied first when it holds `limit` values. */
export function keep<K, V>(made: Map<K, V>, key: K, limit: number, value: V): V {
  if (made.size >= limit) made.clear();
  made.set(key, value);
  return value;
}

/** The store of `owner` in `stores`, made when first asked for: per language, per site. */
export function storeOf<O extends object, K, V>(stores: WeakMap<O, Map<K, V>>, owner: O): Map<K, V> {
  let made = stores.get(owner);
  if (!made) stores.set(owner, (made = new Map()));
  return made;
}
