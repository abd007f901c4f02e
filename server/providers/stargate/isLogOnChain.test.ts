import { type Hash, TransactionReceiptNotFoundError } from 'viem'
import { describe, expect, it } from 'vitest'
import { isLogOnChain, type ReceiptReader } from './isLogOnChain'

const txHash: Hash = `0x${'11'.repeat(32)}`
const blockHash: Hash = `0x${'22'.repeat(32)}`
const otherBlockHash: Hash = `0x${'33'.repeat(32)}`

/** A node that holds the receipt in `block`, or none (undefined). */
function fakeClient(block: Hash | undefined): ReceiptReader {
  return {
    getTransactionReceipt: async ({ hash }) => {
      if (block === undefined) throw new TransactionReceiptNotFoundError({ hash })
      return { blockHash: block }
    },
  }
}

describe('isLogOnChain', () => {
  it.each([
    ['the receipt in the same block', blockHash, true],
    ['the receipt in another block (re-mined after a rollback)', otherBlockHash, false],
    ['no receipt (rolled back)', undefined, false],
  ])('%s: %s', async (_name, block, expected) => {
    expect(await isLogOnChain(fakeClient(block), { transactionHash: txHash, blockHash })).toBe(expected)
  })

  it('throws what the node throws', async () => {
    const client: ReceiptReader = {
      getTransactionReceipt: async () => {
        throw new Error('connection refused')
      },
    }
    await expect(isLogOnChain(client, { transactionHash: txHash, blockHash })).rejects.toThrow(
      'connection refused',
    )
  })
})
