export {
  createIndexer,
  type Indexer,
  type IndexerItem,
  type IndexerOptions,
  type IndexerPipeline,
  type IndexerSource,
  type IndexerSummary,
  type PipelineOf,
} from './createIndexer.js'
export { DEFAULT_DATABASE_DIR, type Sql } from './database.js'
export { HandlerError } from './HandlerError.js'
export { DatabaseError } from '../errors/DatabaseError.js'
export { LOCK_FILE } from './lockFile.js'
export type { IndexerLogger } from './observe.js'
export type { PipelineStatus } from './runPipeline.js'
