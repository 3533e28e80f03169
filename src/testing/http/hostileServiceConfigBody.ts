import type { HostileServiceConfig } from './MockFaults.js'

const DEFAULT_NESTING = 10_000
// Raw JSON texts: a string, negative, fractional, boolean, object, array, beyond 2^53.
const WRONG_VALUES = ['"50"', '-1', '2.5', 'true', '{}', '[]', '9007199254740993']

/**
 * The response text for a GraphQL query reading `serviceConfig` under the fault `answer`,
 * built from the real answer `data` (its other root fields are kept where the body stays
 * an object). Nested arrays are written as text, so no recursion builds them.
 *
 * @example
 * hostileServiceConfigBody('null', { serviceConfig: { maxPageSize: 50 } }) // '{"data":{"serviceConfig":null}}'
 */
export function hostileServiceConfigBody(answer: HostileServiceConfig, data: Record<string, unknown>): string {
  if (typeof answer === 'object' && 'body' in answer) return answer.body
  if (answer === 'missing') return '{"data":{}}'
  const others = Object.entries(data)
    .filter(([key]) => key !== 'serviceConfig')
    .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)},`)
    .join('')
  if (answer === 'null') return `{"data":{${others}"serviceConfig":null}}`
  const limits = Object.keys((data.serviceConfig ?? {}) as Record<string, unknown>)
  const depth = answer === 'deepNesting' ? DEFAULT_NESTING : answer === 'wrongTypes' ? 0 : Math.max(1, Math.floor(answer.deepNesting))
  const valueAt = (index: number): string =>
    answer === 'wrongTypes' ? (WRONG_VALUES[index % WRONG_VALUES.length] as string) : `${'['.repeat(depth)}${']'.repeat(depth)}`
  const fields = limits.map((key, index) => `${JSON.stringify(key)}:${valueAt(index)}`).join(',')
  return `{"data":{${others}"serviceConfig":{${fields}}}}`
}
