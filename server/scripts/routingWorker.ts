import { parentPort } from 'node:worker_threads'
import { runRoutingWorker } from '../routingPool/runRoutingWorker'

/*
 * Entry of a routing worker thread (started by `createRoutingPool`): routes quote requests over the pool
 * snapshots the main thread sends it.
 */

if (parentPort) runRoutingWorker(parentPort)
