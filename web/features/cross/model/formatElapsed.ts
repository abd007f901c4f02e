/**
 * A duration as a clock reads it, minutes and two-digit seconds (`0:07`, `1:05`, `75:00`): the elapsed time of
 * a trade in flight beside its estimate. Whole seconds, cut down (a trade never looks slower than it is); a
 * negative duration (a clock set back) reads `0:00`. Pure.
 */
export function formatElapsed(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
