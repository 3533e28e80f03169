// Hostile JSON for the fuzz suite: valid responses with values replaced at random paths by
// wrong types, deep nesting, huge strings and prototype keys, written out as the exact
// text a server sends (deep nesting and `__proto__` keys cannot go through JSON.stringify).
import fc from 'fast-check'

/** Text spliced into a body as it is (a deep array, a huge string, `1e999`, an object with `__proto__`). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A JSON value that may hold raw text anywhere. */
export type HostileJson = null | boolean | number | string | RawJson | HostileJson[] | { [key: string]: HostileJson }

/** The body text of a hostile value: JSON, with each `RawJson` spliced in as written. */
export function hostileText(value: HostileJson): string {
  const raws: string[] = []
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item.text)
      return `\u0000raw${raws.length - 1}\u0000`
    }
    return item
  })
  return raws.length === 0 ? text : text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_match, index: string) => raws[Number(index)] as string)
}

const deepArray = (depth: number) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)
const deepObject = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`)

/** Values of every wrong kind, each small to describe and sometimes huge to parse. */
export const hostileValue: fc.Arbitrary<HostileJson> = fc.oneof(
  fc.constantFrom<HostileJson>(null, true, false, 0, -1, 1.5, -0, 2 ** 53 + 2, '', '0', 'null', [], {}, [null], [{}]),
  fc.constantFrom(new RawJson('1e999'), new RawJson('-1e999'), new RawJson('{"__proto__":{"polluted":true}}')),
  fc.constantFrom(new RawJson('{"constructor":{"prototype":{"polluted":true}},"toString":1,"hasOwnProperty":2}')),
  fc.integer({ min: 1_000, max: 200_000 }).map(deepArray),
  fc.integer({ min: 1_000, max: 100_000 }).map(deepObject),
  fc.integer({ min: 10_000, max: 1_000_000 }).map((length) => new RawJson(JSON.stringify('x'.repeat(length)))),
  fc.string({ maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.array(fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 5 }),
  fc
    .dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'x'), fc.constant<HostileJson>(1), {
      maxKeys: 3,
    })
    .map(
      (record) =>
        new RawJson(
          `{${Object.keys(record)
            .map((key) => `${JSON.stringify(key)}:1`)
            .join(',')}}`,
        ),
    ),
)

/** A change to a valid value: replace or delete what is at one of its paths, or add a prototype key. */
export type Mutation =
  | { kind: 'replace'; at: number; value: HostileJson }
  | { kind: 'delete'; at: number }
  | { kind: 'protoKey'; at: number; key: '__proto__' | 'constructor' | 'prototype'; value: HostileJson }

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('protoKey' as const),
      at: fc.nat(),
      key: fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const),
      value: hostileValue,
    }),
  },
)

type Container = HostileJson[] | { [key: string]: HostileJson }
type Slot = { parent: Container; key: string | number }

/** Every slot (parent and key) of a value, found without recursion. */
function slotsOf(root: HostileJson): Slot[] {
  const slots: Slot[] = []
  const stack: HostileJson[] = [root]
  while (stack.length > 0) {
    const value = stack.pop()
    if (value === null || typeof value !== 'object' || value instanceof RawJson) continue
    const keys: (string | number)[] = Array.isArray(value) ? value.map((_, index) => index) : Object.keys(value)
    for (const key of keys) {
      slots.push({ parent: value, key })
      stack.push((value as Record<string | number, HostileJson>)[key] as HostileJson)
    }
  }
  return slots
}

/** A deep copy that keeps `RawJson` (immutable) as it is; own `__proto__` keys stay keys. */
function copy(value: HostileJson): HostileJson {
  if (value === null || typeof value !== 'object' || value instanceof RawJson) return value
  if (Array.isArray(value)) return value.map(copy)
  const result: { [key: string]: HostileJson } = {}
  for (const key of Object.keys(value)) {
    Object.defineProperty(result, key, { value: copy(value[key] as HostileJson), enumerable: true, writable: true, configurable: true })
  }
  return result
}

/** Applies mutations in turn to a copy of `value`; a mutation at the root replaces it all. */
export function mutate(value: HostileJson, mutations: readonly Mutation[]): HostileJson {
  let root = copy(value)
  for (const change of mutations) {
    const slots = slotsOf(root)
    // One position past the slots stands for the root itself.
    const slot = slots[change.at % (slots.length + 1)]
    if (change.kind === 'protoKey') {
      const target = slot ? (slot.parent as Record<string | number, HostileJson>)[slot.key] : root
      if (target !== null && typeof target === 'object' && !Array.isArray(target) && !(target instanceof RawJson)) {
        Object.defineProperty(target, change.key, { value: copy(change.value), enumerable: true, writable: true, configurable: true })
      }
      continue
    }
    if (!slot) {
      root = change.kind === 'replace' ? copy(change.value) : null
      continue
    }
    if (change.kind === 'replace') (slot.parent as Record<string | number, HostileJson>)[slot.key] = copy(change.value)
    else if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1)
    else delete slot.parent[slot.key as string]
  }
  return root
}
