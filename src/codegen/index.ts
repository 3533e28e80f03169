/**
 * Code generation for chainx-sdk (Node only): `codegenMove` turns a Move package into typed
 * event definitions, the same as `npx chainx codegen-move <dir> --out <file.ts>`. The generated
 * file imports its runtime from `chainx-sdk/move`.
 *
 * @example
 * import { codegenMove } from 'chainx-sdk/codegen'
 * codegenMove('move/market', { out: 'src/generated/market.ts' })
 */
export { codegenMove, readMovePackage, type CodegenMoveOptions } from './codegenMove.js'
export { generateMoveEvents, type GenerateMoveEventsOptions, type MovePackageText } from './generateMoveEvents.js'
export { MoveCodegenError, type MoveCodegenProblem } from './MoveCodegenError.js'
export { runCli } from './runCli.js'
export { graphqlScalars } from './graphqlScalars.js'
