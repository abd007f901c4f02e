import { readdirSync, readFileSync } from 'node:fs'

/** Linux's clock ticks per second in `/proc/<pid>/task/<tid>/stat` (USER_HZ, 100 on every architecture it runs on). */
const TICKS_PER_SECOND = 100

/** CPU time a process has used, in ms: its main thread (the event loop) and all its other threads together. */
export interface ThreadCpu {
  mainMs: number
  otherMs: number
}

/** User plus system clock ticks of one `/proc/<pid>/task/<tid>/stat` line (its fields 14 and 15). */
export function parseStatTicks(stat: string): number {
  // the command name (field 2) is in parentheses and may hold spaces: count fields after its last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[11]) + Number(fields[12])
}

/**
 * The CPU time of process `pid` so far, split between its main thread and the others (routing workers, the
 * garbage collector's helpers, libuv's pool); undefined where `/proc` cannot tell (not Linux, or the process
 * is gone). Granularity: one clock tick, 10 ms.
 */
export function readThreadCpu(pid: number): ThreadCpu | undefined {
  try {
    let mainTicks = 0
    let otherTicks = 0
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const ticks = parseStatTicks(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'))
      if (Number(tid) === pid) mainTicks += ticks
      else otherTicks += ticks
    }
    const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND
    return { mainMs: ms(mainTicks), otherMs: ms(otherTicks) }
  } catch {
    return undefined
  }
}
