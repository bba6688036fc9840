/**
 * CSV as RFC 4180 writes it (fields with a comma, a quote or a line break in double quotes, quotes
 * doubled, CRLF between records), opened by a UTF-8 byte order mark so that Excel reads Arabic as
 * Arabic, not as the Windows code page's mojibake.
 */

export const BYTE_ORDER_MARK = '\uFEFF';

/** A number as it is to be written (an amount with its two decimals): never taken for a formula. */
export class CsvNumber {
  constructor(readonly text: string) {}
}

export type CsvValue = string | number | CsvNumber | null | undefined;

/**
 * What a spreadsheet would run as a formula when a cell starts with it (OWASP's "CSV injection": =, +,
 * -, @, and the tab and carriage return that some programs skip first). Text from a person (a name,
 * a phone number) starting so gets a leading apostrophe, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof CsvNumber) return value.text;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Halalas as riyals with their two decimals ('1149.00'), a number to a spreadsheet. */
export function riyals(halalas: number): CsvNumber {
  const sign = halalas < 0 ? '-' : '';
  const abs = Math.abs(Math.round(halalas));
  return new CsvNumber(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

/**
 * The file as a stream: the mark and the header at once, then one batch of records each time the
 * reader asks for more (a pull source with no queue of its own), so a large export holds one batch
 * in memory, and a reader that goes away stops the queries.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly CsvValue[][]>,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(BYTE_ORDER_MARK + csvRecord(header)));
      },
      async pull(controller) {
        try {
          // Until something is written or the end: a pull that enqueues nothing is not called again.
          for (;;) {
            const next = await iterator.next();
            if (next.done) return controller.close();
            if (next.value.length > 0) return controller.enqueue(encoder.encode(next.value.map(csvRecord).join('')));
          }
        } catch (error) {
          // The status line is gone already: the download ends short, and the browser calls it failed.
          onError(error);
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
