import { bcs } from '@mysten/bcs'
import { moveUid, normalizeAddress } from './moveAddress.js'
import { moveValue } from './moveValue.js'
import type { LedgerDynamicField, LedgerMoveValue, LedgerObject } from './types.js'

/** Options of `Ledger.createObject`. */
export interface NewObject {
  /** Defaults to a fresh random address. */
  address?: string
  contents: LedgerMoveValue | null
  hasPublicTransfer?: boolean
}

/** When an object and each of its dynamic fields appeared, and whether it has public transfer. */
export interface ObjectMeta {
  createdCheckpoint: number
  fieldCheckpoints: number[]
  hasPublicTransfer: boolean
}

/** What the object store takes from its ledger. */
export interface ObjectStoreHost {
  newAddress(): string
  newDigest(): string
  randomInt(below: number): number
  latestCheckpoint(): number
}

const COIN_LAYOUT = { id: moveUid, balance: bcs.u64() }
const Coin = bcs.struct('Coin', COIN_LAYOUT)
const COIN_TYPE = '0x2::coin::Coin<0x2::sui::SUI>'

/**
 * The ledger's objects: contents, dynamic fields (each visible from the checkpoint it was
 * added at) and every sender's gas coin.
 *
 * @example
 * const objects = new LedgerObjects(host)
 * objects.create({ contents: null }).version // 1
 */
export class LedgerObjects {
  readonly #host: ObjectStoreHost
  readonly #objects = new Map<string, LedgerObject>()
  readonly #meta = new Map<string, ObjectMeta>()
  readonly #gasCoins = new Map<string, string>()

  constructor(host: ObjectStoreHost) {
    this.#host = host
  }

  /** Creates an object at the latest checkpoint. */
  create(input: NewObject): LedgerObject {
    const address = normalizeAddress(input.address ?? this.#host.newAddress())
    const object: LedgerObject = { address, version: 1, digest: this.#host.newDigest(), contents: input.contents, dynamicFields: [] }
    this.#objects.set(address, object)
    this.#meta.set(address, {
      createdCheckpoint: this.#host.latestCheckpoint(),
      fieldCheckpoints: [],
      hasPublicTransfer: input.hasPublicTransfer ?? false,
    })
    return object
  }

  /** Adds a dynamic field to an object (visible from the latest checkpoint on). */
  addDynamicField(parent: string, field: LedgerDynamicField): void {
    const address = normalizeAddress(parent)
    const object = this.#objects.get(address)
    const meta = this.#meta.get(address)
    if (!object || !meta) throw new Error(`No object ${parent}`)
    object.dynamicFields.push(field)
    meta.fieldCheckpoints.push(this.#host.latestCheckpoint())
    object.version += 1
  }

  /** The object at this address (any form of the address). */
  get(address: string): LedgerObject | undefined {
    try {
      return this.#objects.get(normalizeAddress(address))
    } catch {
      return undefined
    }
  }

  /** Checkpoint at which the object appeared, whether it has public transfer, and when each dynamic field appeared. */
  meta(address: string): Readonly<ObjectMeta> | undefined {
    return this.#meta.get(address)
  }

  /** The sender's gas coin, created on first use. */
  gasCoinOf(sender: string): string {
    const owner = normalizeAddress(sender)
    const existing = this.#gasCoins.get(owner)
    if (existing) return existing
    const address = this.#host.newAddress()
    const balance = 1_000_000_000_000n + BigInt(this.#host.randomInt(1_000_000_000))
    this.create({
      address,
      contents: moveValue(Coin, { id: address, balance }, { moveType: COIN_TYPE, layout: COIN_LAYOUT }),
      hasPublicTransfer: true,
    })
    this.#gasCoins.set(owner, address)
    return address
  }
}
