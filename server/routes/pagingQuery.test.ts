import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { pagingQueryParam } from '../openapi/schemas'
import { createTestApp } from '../testing/createTestApp'

const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

describe('paging query values are decimal digits only', () => {
  it.each(['0x10', '1e1', ' 5', '5.0', '+5', '-1', '0', '99999999999'])(
    'GET gasless orderByAddress?page=%s: 400 INVALID_PARAMS before any lookup',
    async (page) => {
      const res = await createTestApp().app.request(
        `/v1/gasless/orderByAddress/${address}?page=${encodeURIComponent(page)}`,
      )
      const body = (await res.json()) as { error?: { code: string } }
      expect([res.status, body.error?.code]).toEqual([400, 'INVALID_PARAMS'])
    },
  )

  it('reads decimal digits, and absent, empty or `undefined` as the default', () => {
    const schema = z.object({
      page: pagingQueryParam('page', 1, 1),
      limit: pagingQueryParam('limit', 20, 1, 100),
    })
    const read = (query: Record<string, string>) => schema.safeParse(query)
    expect(read({ page: '16', limit: '100' }).data).toEqual({ page: 16, limit: 100 })
    expect(read({ page: '', limit: 'undefined' }).data).toEqual({ page: 1, limit: 20 })
    expect(read({}).data).toEqual({ page: 1, limit: 20 })
    expect(read({ page: '1', limit: '101' }).success).toBe(false)
    expect(read({ page: '0x10' }).success).toBe(false)
  })
})
