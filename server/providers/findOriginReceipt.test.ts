import type { Hex, TransactionReceipt } from 'viem'
import { describe, expect, it } from 'vitest'
import { findOriginReceipt } from './findOriginReceipt'

const hash: Hex = `0x${'ab'.repeat(32)}`
const receiptOf = (blockNumber: bigint) => ({ blockNumber }) as TransactionReceipt

/** A chain whose lookup answers `answer` after `delayMs` (never, when undefined), counting its calls. */
function chain(chainId: number, answer: 'missing' | 'hang' | bigint, delayMs = 0) {
  const calls: Hex[] = []
  return {
    calls,
    entry: {
      chainId,
      client: {
        getTransactionReceipt: ({ hash }: { hash: Hex }) => {
          calls.push(hash)
          return new Promise<TransactionReceipt>((resolve, reject) => {
            if (answer === 'hang') return
            setTimeout(
              () =>
                answer === 'missing' ? reject(new Error('receipt not found')) : resolve(receiptOf(answer)),
              delayMs,
            )
          })
        },
      },
    },
  }
}

describe('findOriginReceipt', () => {
  it('asks every chain once, at once, and answers the first that holds the receipt without waiting for a hung one', async () => {
    const chains = [chain(1, 'missing'), chain(10, 'hang'), chain(42161, 7n, 5)]
    const found = await findOriginReceipt(
      chains.map((c) => c.entry),
      hash,
      60_000,
    )
    expect(found).toEqual({ chainId: 42161, receipt: { blockNumber: 7n } })
    expect(chains.map((c) => c.calls.length)).toEqual([1, 1, 1])
  })

  it('undefined when no chain holds it; a chain that does not answer within the timeout counts as not holding it', async () => {
    const chains = [chain(1, 'missing'), chain(10, 'hang')]
    expect(
      await findOriginReceipt(
        chains.map((c) => c.entry),
        hash,
        20,
      ),
    ).toBeUndefined()
  })

  it('a receipt later than the timeout is not waited for', async () => {
    expect(await findOriginReceipt([chain(1, 9n, 200).entry], hash, 20)).toBeUndefined()
  })
})
