import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * A walk's endpoint failed and no other endpoint serves the service version its cursors
 * belong to (spec 9.3: cursors are not stable across versions), so the walk cannot go on
 * there. Thrown out of a walk it carries `resumeCursor` (valid on an endpoint of
 * `walkVersion`); under `onStale: 'restart'` the walk starts over instead, on an endpoint
 * that answers. `cause` is the failure of the walk's own endpoint.
 *
 * Exported as a type: the class is loaded with the failover code, so tell it by its code.
 *
 * @example
 * if (isChainxError(error, 'VERSION_CHANGED')) console.warn(`${error.walkVersion} is gone, found ${error.foundVersions}`, error.resumeCursor)
 */
export class ServiceVersionChangedError extends ChainxError {
  override name = 'ServiceVersionChangedError'
  /** Always `'VERSION_CHANGED'`. */
  declare readonly code: 'VERSION_CHANGED'
  /** The `x-chain-rpc-version` of the endpoint the walk started on. */
  readonly walkVersion: string
  /** The versions the other endpoints answered with. */
  readonly foundVersions: readonly string[]
  constructor(args: ChainxErrorOptions & { walkVersion: string; foundVersions: readonly string[] }) {
    super('VERSION_CHANGED', `No endpoint serves the walk's service version ${args.walkVersion}`, {
      ...args,
      details:
        args.details ??
        `The other endpoints answered ${args.foundVersions.join(', ') || 'nothing'}; the walk's cursors are not valid there.`,
    })
    this.walkVersion = args.walkVersion
    this.foundVersions = args.foundVersions
  }
}
