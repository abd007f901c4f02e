import { expect, it } from 'vitest'
import { getCompanyPublicId } from './getCompanyPublicId'

it('is the first 16 bytes of the integrator id, lowercase', () => {
  expect(getCompanyPublicId(`0x${'AB'.repeat(16)}${'cd'.repeat(16)}`)).toBe(`0x${'ab'.repeat(16)}`)
})
