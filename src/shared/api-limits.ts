/** The most calls one tRPC batch may carry; the client's link batches no more (src/client/lib/trpc.ts). */
export const MAX_BATCH_CALLS = 10;

/** The largest body a request may send, unless its route says otherwise (uploads under /files). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The largest body a tRPC request may send (uploads go to /files with their own limit). */
export const MAX_API_BODY_BYTES = MAX_BODY_BYTES;

/** Room for the multipart envelope around an uploaded file of the largest allowed size. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The deepest a tRPC input's arrays and objects may nest; no form of ours comes near it. */
export const MAX_INPUT_DEPTH = 32;
