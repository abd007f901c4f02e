/** The prefix of wagmi's keys in local storage (its persisted store is `<prefix>.store`). */
export const wagmiStorageKey = 'tributary.wagmi'
