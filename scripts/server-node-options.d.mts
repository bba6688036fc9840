/** `env` with NODE_OPTIONS led by the server's options (scripts/server-node-options.json). */
export function withServerNodeOptions<T extends Record<string, string | undefined>>(env: T): T & { NODE_OPTIONS: string };
export const websocketFlag: string[];
