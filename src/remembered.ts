// Values made once and looked up after: a build asks for the same texts thousands of times (a
// moment's date on every page that lists it, the footer on every page). Each store is bounded, as
// `serve` and `dev` live on across builds: the first value made past the limit empties it.

/** `made`'s value for `key`, made by `make` the first time it is asked for. */
export function remembered<K, V>(made: Map<K, V>, key: K, limit: number, make: () => V): V {
  let value = made.get(key);
  if (value === undefined) {
    if (made.size >= limit) made.clear();
    made.set(key, (value = make()));
  }
  return value;
}

/** The store of `owner` in `stores`, made when first asked for: per language, per site. */
export function storeOf<O extends object, K, V>(stores: WeakMap<O, Map<K, V>>, owner: O): Map<K, V> {
  let made = stores.get(owner);
  if (!made) stores.set(owner, (made = new Map()));
  return made;
}
