import type { ClientResponse } from 'hono/client'
import { describe, expect, it } from 'vitest'
import { ApiError } from './ApiError'
import { parseApiResponse } from './parseApiResponse'

const jsonResponse = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  }) as Response & ClientResponse<{ allowance: string }, 200, 'json'>

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error: unknown) {
    return error
  }
  throw new Error('expected a rejection')
}

describe('parseApiResponse', () => {
  it('answers the parsed body of a 2xx answer', async () => {
    expect(await parseApiResponse(jsonResponse({ allowance: '42' }, 200))).toEqual({ allowance: '42' })
  })

  it('turns the API error body into an ApiError with its stable code, message and request id', async () => {
    const error = await rejectionOf(
      parseApiResponse(
        jsonResponse(
          { statusCode: 422, message: 'No route', error: { code: 'NO_ROUTE' }, requestId: 'req-1' },
          422,
        ),
      ),
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      statusCode: 422,
      code: 'NO_ROUTE',
      message: 'No route',
      requestId: 'req-1',
    })
  })

  it("keeps the body's error details", async () => {
    const error = await rejectionOf(
      parseApiResponse(
        jsonResponse(
          {
            statusCode: 422,
            message: 'No route',
            error: { code: 'NO_ROUTE', details: { reasons: ['none'] } },
            requestId: 'req-2',
          },
          422,
        ),
      ),
    )
    expect(error).toMatchObject({ code: 'NO_ROUTE', details: { reasons: ['none'] } })
  })

  it('answers HTTP_ERROR for a failure without the API error body', async () => {
    const response = new Response('The web app has not been built yet', { status: 503 }) as Response &
      ClientResponse<{ allowance: string }, 200, 'json'>
    const error = await rejectionOf(parseApiResponse(response))
    expect(error).toMatchObject({
      name: 'ApiError',
      statusCode: 503,
      code: 'HTTP_ERROR',
      message: 'HTTP 503',
    })
    expect((error as ApiError).requestId).toBeUndefined()
  })

  it('lets a network failure through unchanged', async () => {
    const failure = new TypeError('Failed to fetch')
    expect(await rejectionOf(parseApiResponse(Promise.reject(failure)))).toBe(failure)
  })
})
