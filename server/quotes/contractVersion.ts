/**
 * Version of the `transactionData` layout and of the Aggregator it targets, as the string clients of the
 * compatible API use as a key into their contract-address maps (`map[contractVersion][chain]`).
 */
export const CONTRACT_VERSION = 'v1' as const
