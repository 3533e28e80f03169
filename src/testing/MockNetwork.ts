import { createMockGraphQLEnvironment, type MockEnvironmentOptions } from './http/createMockGraphQLEnvironment.js'
import { handleMockRequest, type MockHttpRequest, type MockHttpResponse, type MockRequestEnvironment } from './http/handleMockRequest.js'
import type { MockFaults } from './http/MockFaults.js'

/**
 * What one server of a network serves differently from the network: another service version
 * (a replica upgraded ahead of the others), faults of its own (one replica down or slow).
 */
export interface MockReplica {
  /** Sent in `x-chain-rpc-version` instead of the network's. */
  version?: string | undefined
  /** Used instead of the network's faults. */
  faults?: MockFaults | undefined
}
import { generateDataset, type Dataset, type DatasetOptions } from './ledger/generateDataset.js'
import type { Ledger, NewTransaction } from './ledger/Ledger.js'
import type { ExecuteInput, MovePackages, PublishInput, PublishedModule } from './ledger/MovePackages.js'
import type { LedgerCheckpoint, LedgerEpoch, LedgerEvent } from './ledger/types.js'
import type { MockServiceLimits } from './graphql/mockServiceLimits.js'

/** Options of a mock network (with or without sockets). */
export interface MockNetworkOptions extends MockEnvironmentOptions {
  /** Events of the generated dataset; 0 for an empty chain. @default 200 */
  events?: number
  /** Minimum checkpoints of the generated dataset. */
  checkpoints?: number
  /** More dataset knobs (senders, checkpointsPerEpoch, maxTransactionsPerCheckpoint). */
  dataset?: Omit<DatasetOptions, 'seed' | 'events' | 'checkpoints'>
  /**
   * Timestamp (ms) of each checkpoint landed after the dataset, e.g. `Date.now` for a live
   * demo. Never goes backwards. @default simulated: the previous checkpoint + checkpointIntervalMs
   */
  clock?: () => number
}

/** The result of one executed transaction. */
export interface ExecutedTransaction {
  digest: string
  txSeq: number
  checkpoint: number
  events: readonly LedgerEvent[]
}

/** Hooks the socket server installs on its network. */
export interface MockServerBinding {
  /** Closes the sockets and listens again on the same ports. */
  restart(): Promise<void>
}

/**
 * Controller of a mock chainx network: the ledger, Move packages and event emission
 * (`publish`, `execute`, `executeBatch`), time (`advance`, `endEpoch`), faults and the shared
 * HTTP handler. Create it with `createMockNetwork` (no sockets) or `startMockNetwork`.
 *
 * @example
 * const network = createMockNetwork({ events: 0 })
 * const counter = network.publish({ module: 'counter', events: { Bumped: { value: bcs.u64() } } })
 * network.execute({ sender: '0xa11ce', module: 'counter', function: 'bump', emit: [{ struct: 'Bumped', fields: { value: 1n } }] })
 */
export class MockNetwork {
  readonly ledger: Ledger
  readonly packages: MovePackages
  readonly faults: MockFaults
  readonly limits: Readonly<MockServiceLimits>
  readonly version: string
  /** The generated dataset, or undefined when created with `events: 0` and no checkpoints. */
  readonly dataset: Dataset | undefined
  readonly #env: MockRequestEnvironment & { packages: MovePackages }
  #binding: MockServerBinding | undefined
  #clock: (() => number) | undefined

  constructor(options: MockNetworkOptions = {}) {
    this.#env = createMockGraphQLEnvironment(options)
    this.ledger = this.#env.ledger
    this.packages = this.#env.packages
    this.faults = this.#env.faults
    this.limits = this.#env.limits
    this.version = this.#env.version
    const events = options.events ?? 200
    const checkpoints = options.checkpoints ?? 0
    this.dataset =
      events > 0 || checkpoints > 0
        ? generateDataset(this, { ...options.dataset, seed: options.seed ?? 1, events, checkpoints })
        : undefined
    this.#clock = options.clock
  }

  /** Declares a Move module and its event structs (spec 6.1). */
  publish(input: PublishInput): PublishedModule {
    return this.packages.publish(input)
  }

  /** Runs one transaction in a new checkpoint; its events reach queries and subscriptions. */
  execute(input: ExecuteInput): ExecutedTransaction {
    return this.executeBatch([input])[0] as ExecutedTransaction
  }

  /** Runs several transactions in one new checkpoint, in order. Nothing is recorded if one is invalid. */
  executeBatch(inputs: readonly ExecuteInput[]): ExecutedTransaction[] {
    const transactions: NewTransaction[] = inputs.map((input) => {
      const caller = this.packages.resolveModule(input)
      return {
        sender: input.sender,
        call: { package: caller.package, module: caller.module, function: input.function ?? 'run' },
        events: (input.emit ?? []).map((emit) => this.packages.buildEvent(caller, emit)),
        ...(input.gasPrice !== undefined ? { gasPrice: input.gasPrice } : {}),
        ...(input.gasBudget !== undefined ? { gasBudget: input.gasBudget } : {}),
        ...(input.objects ? { objects: input.objects } : {}),
        ...(input.recipients ? { recipients: input.recipients } : {}),
        ...(input.failure !== undefined ? { failure: input.failure } : {}),
        ...(input.degraded !== undefined ? { degraded: input.degraded } : {}),
      }
    })
    const { checkpoint, transactions: recorded } = this.ledger.appendCheckpoint(transactions, this.#checkpointTime())
    return recorded.map((tx) => ({ digest: tx.digest, txSeq: tx.txSeq, checkpoint: checkpoint.sequenceNumber, events: tx.events }))
  }

  /** Lands `count` empty checkpoints (useful to move availableRange and trigger pruning). */
  advance(count = 1): LedgerCheckpoint {
    for (let i = 0; i < count; i++) this.ledger.appendCheckpoint([], this.#checkpointTime())
    return this.ledger.latestCheckpoint
  }

  /** Ends the current epoch; the next checkpoint opens a new one. */
  endEpoch(options: { referenceGasPrice?: bigint } = {}): LedgerEpoch {
    return this.ledger.endEpoch(options)
  }

  /**
   * Answers one HTTP request exactly as the socket server does (used by msw handlers); as a
   * `replica` would, when given (its version, its faults).
   */
  handle(request: MockHttpRequest, replica?: MockReplica): Promise<MockHttpResponse> {
    if (!replica) return handleMockRequest(this.#env, request)
    return handleMockRequest({ ...this.#env, version: replica.version ?? this.version, faults: replica.faults ?? this.faults }, request)
  }

  /**
   * Stops the socket server and starts it again on the same port, data kept, every socket
   * dropped. Resolves immediately for a network without sockets.
   */
  async restart(): Promise<void> {
    await this.#binding?.restart()
  }

  #checkpointTime(): { timestampMs?: number } {
    return this.#clock ? { timestampMs: this.#clock() } : {}
  }

  /** Used by startMockNetwork to connect `restart` to its server. */
  bindServer(binding: MockServerBinding | undefined): void {
    this.#binding = binding
  }
}
