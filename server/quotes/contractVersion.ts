/** Version of the `transactionData` layout and of the Aggregator it targets. */
export const CONTRACT_VERSION = 1
