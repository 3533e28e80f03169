/**
 * A JSON-RPC error the mock endpoint answers with, thrown from deep inside parameter
 * parsing and turned into an error response by the request handlers.
 */

/**
 * JSON-RPC error codes the mock service uses (the real service's jsonrpsee codes).
 *
 * @example
 * new JsonRpcFault(JSON_RPC_CODES.methodNotFound, 'Method not found')
 */
export const JSON_RPC_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  batchesNotSupported: -32005,
  tooManySubscriptions: -32006,
} as const

/**
 * An error to answer a JSON-RPC call with: `code`, `message` and optional `data`
 * (the real service puts the detail of an "Invalid params" error in `data`).
 *
 * @example
 * throw JsonRpcFault.invalidParams('missing field `module`')
 * // answered as {"code":-32602,"message":"Invalid params","data":"missing field `module`"}
 */
export class JsonRpcFault extends Error {
  override name = 'JsonRpcFault'
  readonly code: number
  readonly data: string | undefined

  constructor(code: number, message: string, data?: string) {
    super(message)
    this.code = code
    this.data = data
  }

  /**
   * The -32602 "Invalid params" error of a parameter that fails to deserialise.
   *
   * @example
   * JsonRpcFault.invalidParams('invalid length 1, expected an empty array')
   */
  static invalidParams(detail: string): JsonRpcFault {
    return new JsonRpcFault(JSON_RPC_CODES.invalidParams, 'Invalid params', detail)
  }

  /**
   * The JSON-RPC error object for a response body.
   *
   * @example
   * JsonRpcFault.invalidParams('x').toErrorObject() // { code: -32602, message: 'Invalid params', data: 'x' }
   */
  toErrorObject(): { code: number; message: string; data?: string } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

/**
 * Describes a JSON value the way serde's "invalid type" errors do (`string "x"`,
 * `integer \`5\``, `map`, `sequence`, ...), for `data` texts of -32602 errors.
 *
 * @example
 * describeJsonValue(1.5) // 'floating point `1.5`'
 * describeJsonValue([1]) // 'sequence'
 */
export function describeJsonValue(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'boolean') return `boolean \`${value}\``
  if (typeof value === 'number') return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``
  if (typeof value === 'string') return `string ${JSON.stringify(value)}`
  if (Array.isArray(value)) return 'sequence'
  return 'map'
}

/**
 * The -32602 fault for a value of the wrong JSON type, worded like serde
 * (`invalid type: <found>, expected <expected>`), prefixed by where it was found.
 *
 * @example
 * invalidType(5, 'a string', 'Sender').data // 'Sender: invalid type: integer `5`, expected a string'
 */
export function invalidType(value: unknown, expected: string, path = ''): JsonRpcFault {
  return invalidAt(path, `invalid type: ${describeJsonValue(value)}, expected ${expected}`)
}

/**
 * The -32602 fault with `detail`, prefixed by the path where it was found when there is one.
 *
 * @example
 * invalidAt('MoveModule', 'missing field `module`').data // 'MoveModule: missing field `module`'
 */
export function invalidAt(path: string, detail: string): JsonRpcFault {
  return JsonRpcFault.invalidParams(path === '' ? detail : `${path}: ${detail}`)
}
