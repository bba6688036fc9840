import type { Obx } from './types.ts';

/**
 * An HL7 v2.5.1 ORU^R01 as a laboratory's system writes one (issue #76 item 10): MSH, PID (PID-7 birth
 * date, PID-8 sex), ORC and OBR carrying the booking reference as the placer order number (ORC-2,
 * OBR-2), and one OBX per value. Text is escaped as HL7 chapter 2 says (\F\ \S\ \T\ \R\ \E\), so a
 * unit such as `10^3/uL` travels as `10\S\3/uL` unless a case asks for it unescaped.
 */

export interface OruInput {
  controlId: string;
  reference: string;
  /** When the sample was taken. */
  at: Date;
  /** PID-7 (YYYYMMDD) and PID-8 (M, F, U): left empty when not given. */
  birthDate?: Date | null;
  sex?: 'male' | 'female' | null;
  obx: readonly Obx[];
}

/** Text made safe for one component, with the standard delimiters |^~\& (the escape character first). */
export function escapeHl7(text: string): string {
  return text.replaceAll('\\', '\\E\\').replaceAll('|', '\\F\\').replaceAll('^', '\\S\\').replaceAll('&', '\\T\\').replaceAll('~', '\\R\\');
}

const two = (n: number) => String(n).padStart(2, '0');
/** An HL7 DTM in Riyadh time (UTC+3, all year), with its offset. */
export function hl7Time(at: Date): string {
  const riyadh = new Date(at.getTime() + 3 * 3_600_000);
  return `${riyadh.getUTCFullYear()}${two(riyadh.getUTCMonth() + 1)}${two(riyadh.getUTCDate())}${two(riyadh.getUTCHours())}${two(riyadh.getUTCMinutes())}+0300`;
}
const hl7Date = (date: Date) => `${date.getUTCFullYear()}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}`;

export function buildOruR01(input: OruInput): string {
  const time = hl7Time(input.at);
  const reference = escapeHl7(input.reference);
  const sex = input.sex === 'male' ? 'M' : input.sex === 'female' ? 'F' : 'U';
  const segments = [
    `MSH|^~\\&|LABSYS|CORPUS_LAB|TAHALEEL|TAHALEEL|${time}||ORU^R01^ORU_R01|${escapeHl7(input.controlId)}|P|2.5.1|||AL|NE||UNICODE UTF-8`,
    `PID|1||MRN${input.controlId.length}^^^CORPUS^MR||Corpus^Patient||${input.birthDate ? hl7Date(input.birthDate) : ''}|${sex}`,
    `ORC|RE|${reference}|LB-${escapeHl7(input.controlId)}^LABSYS||CM`,
    `OBR|1|${reference}|LB-${escapeHl7(input.controlId)}^LABSYS|11502-2^Laboratory report^LN|||${time}|||||||||||||||${time}||CH|F`,
    ...input.obx.map((obx, index) => {
      const unit = obx.unit === undefined ? '' : obx.unitUnescaped ? obx.unit : escapeHl7(obx.unit);
      const text = escapeHl7(obx.text ?? `LOINC ${obx.loinc}`);
      return [
        'OBX',
        String(index + 1),
        obx.type ?? 'NM',
        `${obx.loinc}^${text}^LN`,
        '',
        escapeHl7(obx.value),
        unit,
        obx.range === undefined ? '' : escapeHl7(obx.range),
        obx.flag ?? '',
        '',
        '',
        'F',
        '',
        '',
        time,
      ].join('|');
    }),
  ];
  return `${segments.join('\r')}\r`;
}
