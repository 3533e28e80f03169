declare const unknownVariant: unique symbol

/**
 * A variant this SDK does not know (added by the service later), passed on as received (a string or a JSON object); kept apart
 * from the known ones so a `switch` over them narrows, leaving this in `default:`.
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
