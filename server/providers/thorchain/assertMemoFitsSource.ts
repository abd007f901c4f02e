import { getChainInfo } from '../../chains/chainInfo'
import { AppError } from '../../errors'

/**
 * The most bytes of memo a UTXO deposit carries: THORChain-style deposits put it in one OP_RETURN output, which
 * BTC, BCH, LTC and DOGE nodes relay with at most 80 bytes of data (THORNode's quote notes say the same, and
 * refuses to quote a longer one for these chains).
 */
export const utxoMemoMaxBytes = 80

/**
 * Throws AppError MEMO_TOO_LONG (400) when `memo`, UTF-8 encoded, is longer than a deposit from chain
 * `sourceChainId` can carry: 80 bytes on a UTXO chain, where a longer OP_RETURN is not relayed and the deposit
 * never reaches the network. Other chains take the memo in a transaction field or calldata. Pure.
 */
export function assertMemoFitsSource(memo: string, sourceChainId: number): void {
  if (getChainInfo(sourceChainId)?.family !== 'utxo') return
  const bytes = new TextEncoder().encode(memo).length
  if (bytes > utxoMemoMaxBytes)
    throw new AppError(
      'MEMO_TOO_LONG',
      `The deposit's memo is ${bytes} bytes; an OP_RETURN carries at most ${utxoMemoMaxBytes}: use a shorter receiver address`,
      {
        details: {
          provider: 'thorchain',
          param: 'receiver',
          bytes,
          maxBytes: utxoMemoMaxBytes,
          chainId: sourceChainId,
        },
      },
    )
}
