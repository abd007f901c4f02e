import { describe, expect, it } from 'vitest'
import { cancelMessage } from '../../../../server/gasless/cancelMessage'
import { cancelOrderMessage } from './cancelOrderMessage'

describe('cancelOrderMessage', () => {
  it('is the text the server verifies', () => {
    const id = '1062b0b2-7ad9-4dd8-a960-bd4d0021e518'
    expect(cancelOrderMessage(id)).toBe(cancelMessage(id))
    expect(cancelOrderMessage(id)).toBe('Cancel gasless order 1062b0b2-7ad9-4dd8-a960-bd4d0021e518')
  })
})
