/** The server's environment for `npm start` (scripts/start-env.mjs). */
export function startEnvironment<Value extends string | undefined>(env: Record<string, Value>): Record<string, Value | string>;
