import { redactUrl } from '../utils/redactUrl.js'

/** Header names that carry credentials, whatever the user says: auth, cookies, keys, tokens. */
const SECRET_NAME = /auth|cookie|key|token|secret|session|passw|credential|signature/i
const INSPECT = Symbol.for('nodejs.util.inspect.custom')
const REDACTED = '[redacted]'

/** A copy of `headers` with every secret value (by `SECRET_NAME` or named in `secretHeaders`) replaced by `[redacted]`. */
function redactHeaders(headers: Record<string, string>, secretHeaders: readonly string[]): Record<string, string> {
  const secret = new Set(secretHeaders.map((name) => name.toLowerCase()))
  const shown: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers))
    shown[name] = SECRET_NAME.test(name) || secret.has(name.toLowerCase()) ? REDACTED : value
  return shown
}

/** The options fields that hold URLs (which may carry user info or a key in the query). */
const URL_FIELDS = ['graphqlUrl', 'rpcUrl', 'wsUrl'] as const

/**
 * A copy of client options that shows no credential when serialised or inspected
 * (`JSON.stringify`, `util.inspect`, `console.log`): secret header values and the credentials
 * in URLs are redacted by non-enumerable `toJSON` and inspection hooks, on the options and on
 * their `headers`. Reading a field still gives its real value.
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
