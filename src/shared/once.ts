/**
 * A value made the first time it is asked for, then kept: for parts of a view that only some
 * readers read (a view's sentences and map, which machine players never look at). The value is a
 * function of data that never changes after it is made (states are never written to), so when it
 * is made changes nothing.
 */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}
