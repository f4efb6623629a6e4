/**
 * Numbers objects by identity: the same object always gets the same number, a new object the
 * next one. Held weakly, so a File or Blob that is let go is not kept alive by its number.
 */
export function identityNumbers<T extends object>() {
  const numbers = new WeakMap<T, number>();
  let last = 0;
  const numberOf = (value: T): number => {
    let number = numbers.get(value);
    if (number === undefined) numbers.set(value, (number = ++last));
    return number;
  };
  return {
    numberOf,
    /** `to` takes `from`'s number (a replacement standing in for its original). */
    carry: (from: T, to: T) => void numbers.set(to, numberOf(from)),
  };
}
