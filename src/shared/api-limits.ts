/** The most calls one tRPC batch may carry; the client's link batches no more (src/client/lib/trpc.ts). */
export const MAX_BATCH_CALLS = 10;

/** The largest body a tRPC request may send (uploads go to /files with their own limit). */
export const MAX_API_BODY_BYTES = 1024 * 1024;
