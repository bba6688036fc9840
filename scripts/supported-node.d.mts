/** Whether `version` (v24.21.0 or 24.21.0) is at least the `>=major.minor[.patch]` range `wanted`. */
export function satisfiesMinimum(version: string, wanted: string): boolean;
