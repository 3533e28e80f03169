declare const unknownVariant: unique symbol

/**
 * A variant this version of the SDK does not know (an owner form, an object change type, a
 * transaction kind the service added later), passed on exactly as received. At run time it is
 * the wire value (a string, or a JSON object); the type stays apart from the known variants so
 * that a `switch` or an `in` check over the known ones narrows to each of them, and what is left
 * (the `default:` branch) is this. Read it with `JSON.stringify(value)` or `String(value)`.
 *
 * @example
 * switch (change.type) {
 *   case 'created': console.log(change.owner); break
 *   default: console.log('not known to this SDK:', String(change.type))
 * }
 */
export interface UnknownVariant {
  readonly [unknownVariant]: true
}
