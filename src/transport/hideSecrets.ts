import { redactUrl } from '../utils/redactUrl.js'

/** Header names that carry credentials, whatever the user says: auth, cookies, keys, tokens. */
const SECRET_NAME = /auth|cookie|key|token|secret|session|passw|credential|signature/i
const INSPECT = Symbol.for('nodejs.util.inspect.custom')
const REDACTED = '[redacted]'

/**
 * Whether a header's value must never be shown: `authorization`, `cookie`,
 * `proxy-authorization`, any name that looks like a key (`x-api-key`, `x-auth-token`...), and
 * the names the user marked secret (case-insensitive).
 *
 * @example
 * isSecretHeader('x-api-key') // true
 * isSecretHeader('x-tenant', ['X-Tenant']) // true
 */
export function isSecretHeader(name: string, secretHeaders: readonly string[] = []): boolean {
  return SECRET_NAME.test(name) || secretHeaders.some((secret) => secret.toLowerCase() === name.toLowerCase())
}

/**
 * A copy of `headers` with every secret value replaced by `[redacted]`.
 *
 * @example
 * redactHeaders({ authorization: 'Bearer abc', accept: 'json' }) // { authorization: '[redacted]', accept: 'json' }
 */
export function redactHeaders(headers: Record<string, string>, secretHeaders: readonly string[] = []): Record<string, string> {
  const shown: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) shown[name] = isSecretHeader(name, secretHeaders) ? REDACTED : value
  return shown
}

/** The options fields that hold URLs (which may carry user info or a key in the query). */
const URL_FIELDS = ['graphqlUrl', 'rpcUrl', 'wsUrl'] as const

/**
 * A copy of client options that shows no credential when serialised or inspected
 * (`JSON.stringify`, `util.inspect`, `console.log`): secret header values and the credentials
 * in URLs are redacted by non-enumerable `toJSON` and inspection hooks, on the options and on
 * their `headers`. Reading a field still gives its real value.
 *
 * @example
 * const options = hideSecrets({ graphqlUrl, headers: { authorization: 'Bearer abc' } })
 * JSON.stringify(options) // {"graphqlUrl":"...","headers":{"authorization":"[redacted]"}}
 */
export function hideSecrets<T extends { headers?: unknown; secretHeaders?: readonly string[] | undefined }>(options: T): T {
  const secretHeaders = options.secretHeaders ?? []
  const copy = { ...options }
  const shownHeaders = (): unknown =>
    typeof copy.headers === 'object' && copy.headers !== null
      ? redactHeaders(copy.headers as Record<string, string>, secretHeaders)
      : copy.headers
  if (typeof options.headers === 'object' && options.headers !== null) {
    copy.headers = addHooks({ ...options.headers }, shownHeaders)
  }
  return addHooks(copy, () => {
    const shown: Record<string, unknown> = { ...copy, headers: shownHeaders() }
    for (const field of URL_FIELDS) if (typeof shown[field] === 'string') shown[field] = redactUrl(shown[field])
    return shown
  })
}

function addHooks<T extends object>(target: T, shown: () => unknown): T {
  // util.inspect formats whatever the inspection hook returns.
  for (const key of ['toJSON', INSPECT]) Object.defineProperty(target, key, { value: shown })
  return target
}
