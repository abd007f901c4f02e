import { BinaryWriter } from 'cosmjs-types/binary'

/** The type URL of THORChain's `MsgDeposit` in a transaction's `Any`. */
export const MSG_DEPOSIT_TYPE_URL = '/types.MsgDeposit'

/** A THORChain coin (`common.Coin`): an asset, its amount in 1e8 units, the asset's decimals. */
export interface ThorCoin {
  readonly asset: { readonly chain: string; readonly symbol: string; readonly ticker: string }
  /** 1e8 units, decimal digits. */
  readonly amount: string
  readonly decimals: bigint
}

/**
 * THORChain's `MsgDeposit` (`types/msg_deposit.proto`): coins of THORChain's own (none, or RUNE), the memo that
 * says what to do (a swap, a memo registration...), and the signer's 20-byte account address.
 */
export interface MsgDeposit {
  readonly coins: readonly ThorCoin[]
  readonly memo: string
  readonly signer: Uint8Array
}

/**
 * The protobuf bytes of `msg` as THORNode's generated code writes them: coins (1, each `Coin { asset = 1 { chain
 * = 1, symbol = 2, ticker = 3 }, amount = 2, decimals = 3 }`), memo (2), signer (3); fields at their default are
 * left out. Pure.
 */
export function encodeMsgDeposit(msg: MsgDeposit): Uint8Array {
  const writer = BinaryWriter.create()
  for (const coin of msg.coins) {
    const coinWriter = writer.uint32(10).fork()
    const assetWriter = coinWriter.uint32(10).fork()
    if (coin.asset.chain !== '') assetWriter.uint32(10).string(coin.asset.chain)
    if (coin.asset.symbol !== '') assetWriter.uint32(18).string(coin.asset.symbol)
    if (coin.asset.ticker !== '') assetWriter.uint32(26).string(coin.asset.ticker)
    assetWriter.ldelim()
    if (coin.amount !== '') coinWriter.uint32(18).string(coin.amount)
    if (coin.decimals !== 0n) coinWriter.uint32(24).int64(coin.decimals)
    coinWriter.ldelim()
  }
  if (msg.memo !== '') writer.uint32(18).string(msg.memo)
  if (msg.signer.length > 0) writer.uint32(26).bytes(msg.signer)
  return writer.finish()
}
