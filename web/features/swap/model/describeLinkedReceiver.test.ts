import { describe, expect, it } from 'vitest'
import { describeLinkedReceiver } from './describeLinkedReceiver'

const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('describeLinkedReceiver', () => {
  it('says nothing without a linked receiver, or when that wallet is connected (any letter case)', () => {
    expect(describeLinkedReceiver({ receiver: undefined, account: receiver })).toBeUndefined()
    expect(describeLinkedReceiver({ receiver, account: receiver.toLowerCase() })).toBeUndefined()
  })

  it('asks for the receiver wallet when none or another is connected', () => {
    expect(describeLinkedReceiver({ receiver, account: undefined })).toBe(
      'This swap is for 0x7099…79C8, which holds the tokens: connect that wallet to finish it.',
    )
    expect(describeLinkedReceiver({ receiver, account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })).toBe(
      'This swap is for 0x7099…79C8, which holds the tokens, not the connected wallet: connect 0x7099…79C8 to finish it.',
    )
  })
})
