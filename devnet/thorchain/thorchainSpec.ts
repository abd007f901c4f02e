/** What the devnet's THORChain is: its chain id, addresses, native fee and the memoless parameters. */
export interface ThorchainSpec {
  /** The chain id every SignDoc commits to. */
  readonly chainId: string
  readonly bech32Prefix: string
  /** RUNE (1e8 units) every transaction pays (THORChain's `NativeTransactionFee`, 0.02 RUNE). */
  readonly nativeTxFee: bigint
  /** THORChain's `MaxMemoSize`: a `MsgDeposit` memo is at most 250 bytes. */
  readonly maxMemoBytes: number
  readonly memoless: {
    /** `MemolessTxnTTL`: blocks a registration is good for. */
    readonly ttlBlocks: number
    /** `MemolessTxnMaxUse`: deposits a registration serves (then refunded). */
    readonly maxUse: number
    /** `MemolessTxnRefCount`: references run 1..refCount, zero-padded to its length. */
    readonly refCount: number
  }
}

/**
 * The devnet's THORChain: chain id `thorchain-devnet` (a devnet signature is worthless on `thorchain-1`),
 * `thor1...` addresses, and THORChain's defaults for the native fee (0.02 RUNE), the memo size (250 bytes) and
 * memoless deposits (registrations good for 3,600 blocks, used once, references 00001..99999).
 */
export function thorchainSpec(): ThorchainSpec {
  return {
    chainId: 'thorchain-devnet',
    bech32Prefix: 'thor',
    nativeTxFee: 2_000_000n,
    maxMemoBytes: 250,
    memoless: { ttlBlocks: 3_600, maxUse: 1, refCount: 99_999 },
  }
}
