import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainxClient, parseTypeName, type MoveTypeTag } from 'chainx-sdk'
import { moveTypes, type MoveStruct } from 'chainx-sdk/move'
import { startMockNetwork, type RunningMockNetwork } from 'chainx-sdk/testing'
import { geometry, registry, types } from '../codegen/fixtures/kitchen.generated.js'

/** A value as an app passes it to the encoder (bigints, short or upper-case addresses) and what spec 6.2 says its JSON is. */
interface Sample {
  value: unknown
  json: unknown
}

const STD = `0x${'0'.repeat(63)}1`
const SUI = `0x${'0'.repeat(63)}2`
const sample = (arbitrary: fc.Arbitrary<unknown>, json: (value: any) => unknown = (value) => value): fc.Arbitrary<Sample> =>
  arbitrary.map((value) => ({ value, json: json(value) }))

const addressSample: fc.Arbitrary<Sample> = fc
  .tuple(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.boolean())
  .map(([bytes, upper]) => {
    const hex = Buffer.from(bytes).toString('hex')
    const short = hex.replace(/^0+(?=.)/, '')
    return { value: `0x${upper ? short.toUpperCase() : short}`, json: `0x${hex}` }
  })

/** Random values of a Move type, from its name alone (the JSON rules, written independently of the generated code). */
function samplesOf(tag: MoveTypeTag): fc.Arbitrary<Sample> {
  if (tag.kind === 'primitive') {
    switch (tag.name) {
      case 'bool':
        return sample(fc.boolean())
      case 'u8':
      case 'u16':
      case 'u32':
        return sample(fc.integer({ min: 0, max: 2 ** Number(tag.name.slice(1)) - 1 }))
      case 'address':
        return addressSample
      default: {
        const max = (1n << BigInt(tag.name.slice(1))) - 1n
        return sample(fc.oneof(fc.bigInt({ min: 0n, max }), fc.constantFrom(0n, max)), (value: bigint) => value.toString())
      }
    }
  }
  if (tag.kind === 'vector') {
    return fc
      .array(samplesOf(tag.element), { maxLength: 4 })
      .map((items) => ({ value: items.map((item) => item.value), json: items.map((item) => item.json) }))
  }
  const name = `${tag.address}::${tag.module}::${tag.name}`
  if (name === `${STD}::string::String`) return sample(fc.string({ unit: 'binary', maxLength: 12 }))
  if (name === `${STD}::ascii::String`) return sample(fc.string({ unit: 'binary-ascii', maxLength: 12 }))
  if (name === `${STD}::type_name::TypeName`)
    return sample(fc.string({ unit: 'binary-ascii', maxLength: 12 }).map((text) => ({ name: text })))
  if (name === `${SUI}::object::ID`) return addressSample
  if (name === `${STD}::option::Option`) {
    return fc.option(samplesOf(tag.typeArguments[0]!), { nil: null }).map((inner) => inner ?? { value: null, json: null })
  }
  const definition = registry.get(name + (tag.typeArguments.length ? `<${tag.typeArguments.map(typeText).join(', ')}>` : ''))
  if (!definition) throw new Error(`no sample for ${name}`)
  return structSamples(definition)
}

function typeText(tag: MoveTypeTag): string {
  if (tag.kind === 'primitive') return tag.name
  if (tag.kind === 'vector') return `vector<${typeText(tag.element)}>`
  return `${tag.address}::${tag.module}::${tag.name}${tag.typeArguments.length ? `<${tag.typeArguments.map(typeText).join(', ')}>` : ''}`
}

function structSamples(definition: MoveStruct<unknown>): fc.Arbitrary<Sample> {
  const fields = Object.entries(definition.fieldTypes).map(([field, type]) => [field, samplesOf(parseTypeName(type.type))] as const)
  return fc.tuple(...fields.map(([, arbitrary]) => arbitrary)).map((values) => ({
    value: Object.fromEntries(values.map((item, i) => [fields[i]![0], item.value])),
    json: Object.fromEntries(values.map((item, i) => [fields[i]![0], item.json])),
  }))
}

/** Every event struct of the fixture, generic ones bound to the type arguments the mock publishes them with. */
const emitted: MoveStruct<any>[] = [
  types.Numbers,
  types.Names,
  types.Pair,
  types.Empty,
  types.Deep,
  types.Wrapped.of(moveTypes.u64),
  types.Tagged.of(moveTypes.vector(moveTypes.u8), '0x2::sui::SUI'),
  types.Priced.of('0x2::sui::SUI'),
  geometry.Point,
]

let mock: RunningMockNetwork
let client: ChainxClient

beforeAll(async () => {
  mock = await startMockNetwork({ events: 0 })
  client = new ChainxClient(mock)
  // Generic structs are published with the layout of one instantiation each (the mock keys layouts by struct).
  mock.network.publish({ module: 'types', events: { ...types, Wrapped: emitted[5]!, Tagged: emitted[6]! } })
  mock.network.publish({ module: 'geometry', events: geometry })
})
afterAll(async () => {
  await client?.close()
  await mock?.close()
})

describe('generated Move definitions against the mock network', () => {
  it('J4/J5/M1: random values encoded with the generated layout read back alike through events.query and GraphQL events: parse(parsedJson), decode(bcs) and the original agree under the JSON rules', async () => {
    const sender = `0x${'5e'.repeat(32)}`
    const cases = fc
      .constantFrom(...emitted)
      .chain((definition) => fc.tuple(fc.constant(definition), fc.array(structSamples(definition), { minLength: 1, maxLength: 3 })))
    await fc.assert(
      fc.asyncProperty(cases, async ([definition, samples]) => {
        const typeArguments =
          parseTypeName(definition.type).kind === 'struct'
            ? (parseTypeName(definition.type) as { typeArguments: MoveTypeTag[] }).typeArguments.map(typeText)
            : []
        const tx = mock.network.execute({
          sender,
          module: definition.module,
          emit: samples.map((item) => ({ struct: definition.name, typeArguments, fields: item.value as Record<string, unknown> })),
        })
        const expected = samples.map((item) => item.json)

        const page = await client.events.query({ filter: { Transaction: tx.digest }, parse: definition })
        expect(page.items.map((event) => event.parsedJson)).toEqual(expected)
        expect(page.items.map((event) => definition.decode(event.bcs))).toEqual(expected)
        expect(page.items.map((event) => event.type)).toEqual(samples.map(() => definition.type))
        expect(page.items.map((event) => definition.matches(event.type))).toEqual(samples.map(() => true))
        for (const event of page.items) {
          const decoded = registry.decode(event, { verify: true })
          expect(decoded.name).toBe(`${definition.module}::${definition.name}`)
          expect(decoded.parsedJson).toEqual(expected[Number(event.id.eventSeq)])
        }

        const graphql = await client.graphql.events({ first: 10, filter: { transactionDigest: tx.digest } })
        const nodes = graphql.data.events.edges.map(({ node }) => node)
        expect(nodes.map((node) => definition.parse(node.json))).toEqual(expected)
        expect(nodes.map((node) => definition.decode(node.bcs))).toEqual(expected)
        expect(nodes.map((node) => registry.decode(node, { verify: true }).parsedJson)).toEqual(expected)
      }),
      { numRuns: 60 },
    )
  })

  it('a definition bound to other type arguments reads the same bytes differently, and verify catches JSON that the BCS does not back', async () => {
    const tx = mock.network.execute({
      sender: `0x${'5e'.repeat(32)}`,
      module: 'types',
      emit: [
        {
          struct: 'Wrapped',
          typeArguments: ['u64'],
          fields: { inner: 7n, many: [1n, 2n], at: { x: 1n, y: 2n }, also_at: { x: 3n, y: 4n } },
        },
      ],
    })
    const [event] = (await client.events.query({ filter: { Transaction: tx.digest } })).items
    const json = { inner: '7', many: ['1', '2'], at: { x: '1', y: '2' }, also_at: { x: '3', y: '4' } }
    expect(registry.decode(event!, { verify: true }).parsedJson).toEqual(json)
    expect(() => types.Wrapped.of(moveTypes.u8).parse(event!.parsedJson)).toThrow()
    expect(() => registry.decode({ ...event!, parsedJson: { ...json, inner: '8' } }, { verify: true })).toThrow(/disagree at \/inner/)
    expect(registry.decode({ ...event!, parsedJson: { ...json, inner: '8' } }).parsedJson).toMatchObject({ inner: '8' })
  })
})
