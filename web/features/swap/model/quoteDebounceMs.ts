/** Pause after the last keystroke before a quote is requested (the web bench reads it too). */
export const quoteDebounceMs = 200
