import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * A walk's endpoint failed and no other serves the version its cursors belong to (spec 9.3). Exported as a type (the class loads
 * with failover): tell it by its code.
 *
 * @example
 * if (isChainxError(error, 'VERSION_CHANGED')) console.warn(`${error.walkVersion} is gone, found ${error.foundVersions}`, error.resumeCursor)
 */
export class ServiceVersionChangedError extends ChainxError {
  override name = 'ServiceVersionChangedError'
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
