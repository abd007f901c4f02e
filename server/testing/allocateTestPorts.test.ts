import { createServer, type Server } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { allocateTestPorts } from './allocateTestPorts'

const servers: Server[] = []
afterAll(() => {
  for (const server of servers) server.close()
})

function listen(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ port, host: '127.0.0.1' }, () => resolve())
    servers.push(server)
  })
}

describe('allocateTestPorts', () => {
  it('hands out consecutive blocks that do not overlap, and skips ports in use', async () => {
    const first = await allocateTestPorts(10)
    expect(first).toBeGreaterThanOrEqual(10_000)
    expect(first + 10).toBeLessThanOrEqual(32_768)
    const second = await allocateTestPorts(5)
    expect(second).toBeGreaterThanOrEqual(first + 10)
    // another process holds the port right after the second block: the next block starts past it
    await listen(second + 5 + 1)
    const third = await allocateTestPorts(3)
    expect(third).toBe(second + 5 + 2)
  })
})
