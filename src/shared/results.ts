/** Result files: what a lab may upload, checked the same way in the browser and on the server. */

export const RESULT_MAX_BYTES = 10 * 1024 * 1024;

export type ResultContentType = 'application/pdf' | 'image/jpeg' | 'image/png';

const signatures: { type: ResultContentType; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** The file's real type from its first bytes (its magic number), whatever its name or declared type says. */
export function sniffResultType(head: Uint8Array): ResultContentType | null {
  const match = signatures.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  return match?.type ?? null;
}

/** The most an administrator may write as the reason for opening a patient's result. */
export const RESULT_READ_REASON_MAX = 500;

/** How many leading bytes `sniffResultType` needs. */
export const SNIFF_BYTES = 8;

export const resultExtensions: Record<ResultContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};
