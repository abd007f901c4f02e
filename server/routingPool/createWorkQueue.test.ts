import { describe, expect, it } from 'vitest'
import { createWorkQueue } from './createWorkQueue'

/** Fake workers: each job stays in flight until `finish` ends it; `ran` records which worker ran which job. */
function setup(workerCount: number, perWorker: number) {
  const workers = Array.from({ length: workerCount }, (_, id) => ({
    id,
    jobs: new Map<string, () => void>(),
  }))
  const ran: [string, number][] = []
  const queue = createWorkQueue({ workers: () => workers, inFlight: (w) => w.jobs.size, perWorker })
  const submit = (name: string) =>
    queue.dispatch(
      (worker) =>
        new Promise<string>((resolve) => {
          ran.push([name, worker.id])
          worker.jobs.set(name, () => resolve(`${name}@${worker.id}`))
        }),
    )
  const finish = (name: string) => {
    const worker = workers.find((w) => w.jobs.has(name))
    if (!worker) throw new Error(`${name} is not in flight`)
    worker.jobs.get(name)?.()
    worker.jobs.delete(name)
    queue.drain(worker)
  }
  return { queue, ran, submit, finish }
}

describe('createWorkQueue', () => {
  it('starts a job at once on the least busy worker with room, and queues the rest oldest first', async () => {
    const { queue, ran, submit, finish } = setup(2, 2)
    const answers = ['a', 'b', 'c', 'd', 'e', 'f'].map(submit)
    expect(ran).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 0],
      ['d', 1],
    ])
    expect(queue.waiting).toBe(2)
    finish('b')
    expect(ran.slice(4)).toEqual([['e', 1]])
    await expect(answers[1]).resolves.toBe('b@1')
    expect(queue.waiting).toBe(1)
  })

  it('sends the waiting jobs to the worker that frees room, not alternately: a slow job holds back only its own', async () => {
    const { ran, submit, finish } = setup(2, 2)
    const answers = ['slow', 'a', 'b', 'c', 'd', 'e', 'f'].map(submit)
    // worker 0 holds 'slow' and 'b'; worker 1 runs everything else as it frees room
    for (const name of ['a', 'c', 'd', 'e']) finish(name)
    expect(ran).toEqual([
      ['slow', 0],
      ['a', 1],
      ['b', 0],
      ['c', 1],
      ['d', 1],
      ['e', 1],
      ['f', 1],
    ])
    finish('f')
    await expect(answers[6]).resolves.toBe('f@1')
  })

  it('rejects the waiting jobs, and leaves those in flight alone', async () => {
    const { queue, submit, finish } = setup(1, 1)
    const first = submit('a')
    const second = submit('b')
    queue.rejectWaiting(new Error('closed'))
    await expect(second).rejects.toThrow('closed')
    finish('a')
    await expect(first).resolves.toBe('a@0')
    expect(queue.waiting).toBe(0)
  })
})
