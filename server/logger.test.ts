import { describe, expect, it } from 'vitest'
import { createLogger } from './logger'

function capture(level: Parameters<typeof createLogger>[0]['level']) {
  const lines: unknown[] = []
  const logger = createLogger({ level, write: (line) => lines.push(JSON.parse(line)), now: () => 0 })
  return { logger, lines }
}

describe('createLogger', () => {
  it('writes JSON lines with time, level, message, bindings and fields', () => {
    const { logger, lines } = capture('debug')
    logger.child({ requestId: 'r1' }).info('hello', { amount: 10n, chainId: 1 })
    expect(lines).toEqual([
      {
        time: '1970-01-01T00:00:00.000Z',
        level: 'info',
        msg: 'hello',
        requestId: 'r1',
        amount: '10',
        chainId: 1,
      },
    ])
  })

  it('drops lines below the level', () => {
    const { logger, lines } = capture('warn')
    logger.debug('a')
    logger.info('b')
    logger.warn('c')
    logger.error('d')
    expect(lines.map((line) => (line as { msg: string }).msg)).toEqual(['c', 'd'])
  })

  it('writes nothing when silent', () => {
    const { logger, lines } = capture('silent')
    logger.error('x')
    expect(lines).toEqual([])
  })

  it('serialises errors with their cause chain', () => {
    const { logger, lines } = capture('info')
    logger.error('failed', { err: new Error('outer', { cause: new TypeError('inner') }) })
    const err = (
      lines[0] as { err: { name: string; message: string; cause: { name: string; message: string } } }
    ).err
    expect([err.name, err.message, err.cause.name, err.cause.message]).toEqual([
      'Error',
      'outer',
      'TypeError',
      'inner',
    ])
  })
})
