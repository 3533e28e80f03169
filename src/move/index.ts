/**
 * Runtime of generated Move event definitions (`chainx codegen-move`): the Move types with
 * their JSON form (spec 6.2), `moveStruct` / `genericMoveStruct` that generated files call, and
 * `moveRegistry` that decodes mixed event streams. Imports zod/mini and @mysten/bcs; the main
 * entry `chainx-sdk` does not.
 *
 * @example
 * import { market, registry } from './generated/events.js'
 * const page = await client.events.query({ filter: { MoveEventType: market.Listed.type }, parse: market.Listed })
 */
export { MoveEventError } from '../errors/MoveEventError.js'
export {
  moveRegistry,
  type DecodeMoveEventOptions,
  type DecodedMoveEvent,
  type MoveEventInput,
  type MoveJsonOf,
  type MoveModules,
  type MoveRegistry,
} from './moveRegistry.js'
export { genericMoveStruct, moveStruct, type MoveStruct, type MoveStructOptions } from './moveStruct.js'
export { moveTypes, typeNameOf, type MoveType, type MoveTypeArgument } from './moveType.js'
