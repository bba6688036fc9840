import { readFileSync } from 'node:fs';
import { Hl7Message } from '@medplum/core';
import { describe, expect, it } from 'vitest';
import { buildAck, parseOruR01, unescapeHl7 } from '../../src/server/modules/result-intake/hl7-oru.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/hl7/${name}`, import.meta.url), 'utf8');
const potassium = fixture('oru-r01-potassium-critical.hl7');

const MSH = 'MSH|^~\\&|LABSYS|ALBORG_RUH|TAHALEEL|TAHALEEL|20261127091502+0300||ORU^R01^ORU_R01|MSG-1|P|2.5.1';
const ORC = 'ORC|RE|TH-7K3M9QX2';
const OBR = 'OBR|1|TH-7K3M9QX2||24326-1^Electrolytes 1998 panel - Serum or Plasma^LN|||20261127071500+0300||||||||||||||||||F';
const potassiumObx = (value: string, type = 'NM') =>
  `OBX|1|${type}|2823-3^Potassium [Moles/volume] in Serum or Plasma^LN||${value}|mmol/L^^UCUM|3.5-5.1||||F`;
const message = (...segments: string[]) => segments.join('\r');

function parsed(text: string) {
  const result = parseOruR01(text);
  if (!result.ok) throw new Error(`expected the message to be read, got ${JSON.stringify(result.error)}`);
  return result;
}

function refused(text: string) {
  const result = parseOruR01(text);
  if (result.ok) throw new Error('expected the message to be refused');
  return result;
}

/** The ACK as its receiver reads it, through the same library. */
function readAck(ack: string) {
  const parsedAck = Hl7Message.parse(ack);
  const msh = parsedAck.header;
  const msa = parsedAck.getSegment('MSA');
  const err = parsedAck.getSegment('ERR');
  return {
    segments: parsedAck.segments.map((segment) => segment.name).filter(Boolean),
    sendingApplication: msh.getComponent(3, 1),
    receivingApplication: msh.getComponent(5, 1),
    messageType: msh.getField(9).toString(),
    controlId: msh.getComponent(10, 1),
    processingId: msh.getComponent(11, 1),
    version: msh.getComponent(12, 1),
    ackCode: msa?.getComponent(1, 1),
    acknowledgedId: msa?.getComponent(2, 1),
    err: err && {
      legacy: err.getField(1)?.toString() ?? '',
      location: err.getField(2)?.toString(),
      code: err.getComponent(3, 1),
      codeSystem: err.getComponent(3, 3),
      severity: err.getComponent(4, 1),
      userMessage: unescapeHl7(err.getComponent(8, 1), parsedAck.context),
    },
  };
}

describe('an ORU^R01 from a lab system', () => {
  it('reads the electrolytes fixture into one report for the booking its placer order number names', () => {
    const { report, referenceField } = parsed(potassium);

    expect(report.messageId).toBe('ALB20261127-000173');
    expect(report.bookingReference).toBe('TH-7K3M9QX2');
    expect(referenceField).toBe('ORC[1]-2');
    expect(report.status).toBe('final');
    expect(report.panel).toEqual({ system: 'http://loinc.org', code: '24326-1', display: 'Electrolytes 1998 panel - Serum or Plasma' });
    expect(report.patient).toEqual({ name: 'Fahad Saleh Al-Harbi', birthDate: '1978-04-12', sex: 'male', identifier: 'MRN4471203' });
    // OBR-22 and OBR-7 carry +0300; the report keeps UTC.
    expect(report.issuedAt).toBe('2026-11-27T06:15:00.000Z');
    expect(report.effectiveAt).toBe('2026-11-27T04:15:00.000Z');
    expect(report.observations.map((observation) => observation.loinc)).toEqual(['2951-2', '2823-3', '2075-0', '2028-9']);
  });

  it('reads potassium 6.8 mmol/L with its range, its HH flag and the note that follows it', () => {
    const { report } = parsed(potassium);

    expect(report.observations[1]).toEqual({
      path: 'OBX[2]',
      loinc: '2823-3',
      code: { system: 'http://loinc.org', code: '2823-3', display: 'Potassium [Moles/volume] in Serum or Plasma' },
      valueType: 'NM',
      kind: 'quantity',
      value: '6.8',
      unit: 'mmol/L',
      referenceRange: { text: '3.5-5.1', low: '3.5', high: '5.1' },
      abnormalFlags: ['HH'],
      status: 'F',
      note: 'Critical value confirmed on repeat analysis; sample not haemolysed.',
    });
  });

  it('reads the ten analytes of the CBC fixture, the low platelets flagged', () => {
    const { report } = parsed(fixture('oru-r01-cbc.hl7'));

    expect(report.bookingReference).toBe('TH-4QW8Z2NC');
    expect(report.observations).toHaveLength(10);
    const platelets = report.observations.find((observation) => observation.loinc === '777-3');
    expect(platelets).toMatchObject({ value: '128', unit: '10*3/uL', referenceRange: { low: '135', high: '317' }, abnormalFlags: ['L'] });
  });

  it('reads segments ended by LF or CRLF, and MLLP framing left on, as it reads CR', () => {
    const expected = parsed(potassium).report;

    expect(parsed(potassium.replaceAll('\r', '\n')).report).toEqual(expected);
    expect(parsed(potassium.replaceAll('\r', '\r\n')).report).toEqual(expected);
    expect(parsed(`\v${potassium}\x1c\r`).report).toEqual(expected);
  });

  it("decodes HL7 escape sequences in values and notes, and reads an answer's display", () => {
    const { report } = parsed(
      message(
        MSH,
        ORC,
        OBR,
        'OBX|1|ST|630-4^Bacteria identified in Urine by Culture^LN||Escherichia coli \\F\\ 10\\S\\5 CFU/mL \\T\\ \\E\\ \\R\\|||A|||F',
        'NTE|1|L|First line\\.br\\second line \\X4F4B\\',
        'OBX|2|CWE|5196-1^Hepatitis B virus surface Ag [Presence] in Serum^LN||260385009^سلبي^SCT|||N|||F',
      ),
    );

    expect(report.observations[0]).toMatchObject({
      kind: 'text',
      value: 'Escherichia coli | 10^5 CFU/mL & \\ ~',
      abnormalFlags: ['A'],
      note: 'First line\nsecond line OK',
    });
    expect(report.observations[1]).toMatchObject({ valueType: 'CWE', kind: 'text', value: 'سلبي', abnormalFlags: ['N'] });
  });

  it('reads a detection limit as a comparator and a number, and a titre as text', () => {
    const { report } = parsed(
      message(
        MSH,
        ORC,
        OBR,
        'OBX|1|SN|1988-5^C reactive protein [Mass/volume] in Serum or Plasma^LN||<^0.5|mg/L^^UCUM|<5||||F',
        'OBX|2|NM|1988-5^C reactive protein [Mass/volume] in Serum or Plasma^LN||<0.5|mg/L^^UCUM|<5||||F',
        'OBX|3|SN|5370-2^Rubella virus IgG Ab [Titer] in Serum^LN||^1^:^128|{titer}^^UCUM|||||F',
      ),
    );

    expect(report.observations[0]).toMatchObject({
      valueType: 'SN',
      kind: 'quantity',
      comparator: '<',
      value: '0.5',
      referenceRange: { text: '<5', high: '5' },
    });
    expect(report.observations[1]).toMatchObject({ valueType: 'NM', kind: 'quantity', comparator: '<', value: '0.5' });
    expect(report.observations[2]).toMatchObject({ valueType: 'SN', kind: 'text', value: '1:128' });
  });

  it('leaves out a test that could not be done (OBX-11 X) and keeps the others', () => {
    const { report } = parsed(message(MSH, ORC, OBR, 'OBX|1|NM|2951-2^Sodium^LN|||mmol/L|||||X', potassiumObx('4.2')));

    expect(report.observations.map((observation) => observation.path)).toEqual(['OBX[2]']);
  });

  it('reads the status of the results from OBR-25, and takes every OBR of the message for the one booking', () => {
    const preliminary = OBR.replace(/\|F$/, '|P');
    const corrected = OBR.replace(/\|F$/, '|C');
    const second = 'OBR|2|TH-7K3M9QX2||2951-2^Sodium^LN|||20261127071500+0300||||||||||||||||||F';

    expect(parsed(message(MSH, ORC, preliminary, potassiumObx('4.2'))).report.status).toBe('preliminary');
    expect(parsed(message(MSH, ORC, corrected, potassiumObx('4.2'))).report.status).toBe('corrected');
    const both = parsed(message(MSH, ORC, OBR, potassiumObx('4.2'), second, 'OBX|2|NM|2951-2^Sodium^LN||139|mmol/L|||||F'));
    expect(both.report.observations.map((observation) => observation.path)).toEqual(['OBX[1]', 'OBX[2]']);
  });

  it('takes a timestamp without an offset as the time in Saudi Arabia', () => {
    const { report } = parsed(message(MSH, ORC, OBR.replace('20261127071500+0300', '20261127071500'), potassiumObx('4.2')));

    expect(report.effectiveAt).toBe('2026-11-27T04:15:00.000Z');
  });

  it('accepts v2.3, and its error answer carries the location in ERR-1 as v2.3 receivers read it', () => {
    const old = MSH.replace('ORU^R01^ORU_R01|MSG-1|P|2.5.1', 'ORU^R01|MSG-1|P|2.3');
    expect(parsed(message(old, ORC, OBR, potassiumObx('4.2'))).header.version).toBe('2.3');

    const result = refused(message(old, ORC, OBR, potassiumObx('high')));
    const ack = readAck(buildAck(result.header, result.ackCode, result.error));
    expect(ack.messageType).toBe('ACK^R01');
    expect(ack.version).toBe('2.3');
    expect(ack.err?.legacy).toBe('OBX^1^5^102&Data type error&HL70357');
  });
});

describe('OBX-6, the unit', () => {
  const withUnit = (unit: string) => message(MSH, ORC, OBR, potassiumObx('4.2').replace('mmol/L^^UCUM', unit));

  it('reads a power of ten escaped (10\\S\\3/uL) or sent unescaped (10^3/uL) as the one unit the lab wrote', () => {
    expect(parsed(withUnit('10\\S\\3/uL')).report.observations[0]?.unit).toBe('10^3/uL');
    expect(parsed(withUnit('10^3/uL')).report.observations[0]?.unit).toBe('10^3/uL');
    expect(parsed(withUnit('x10^9/L')).report.observations[0]?.unit).toBe('x10^9/L');
  });

  it('reads a coded unit by its identifier, else its text', () => {
    expect(parsed(withUnit('mg/dL^milligram per deciliter^UCUM')).report.observations[0]?.unit).toBe('mg/dL');
    expect(parsed(withUnit('^mmol/L')).report.observations[0]?.unit).toBe('mmol/L');
  });
});

describe('the ACK', () => {
  it('accepts with AA and one ERR of severity W per warning, naming each OBX-6; an error of severity E is never sent with AA', () => {
    const { header } = parsed(potassium);
    const warning = (ordinal: number) => ({
      field: `OBX[${ordinal}]-6`,
      code: '103' as const,
      text: 'Unit not recognised',
      severity: 'W' as const,
    });
    const ack = Hl7Message.parse(buildAck(header, 'AA', [warning(2), warning(5), { field: 'OBX[1]-5', code: '102', text: 'dropped' }]));
    expect(ack.getSegment('MSA')?.getField(1)?.toString()).toBe('AA');
    expect(
      ack.getAllSegments('ERR').map((err) => [err.getField(2)?.toString(), err.getComponent(3, 1), err.getField(4)?.toString()]),
    ).toEqual([
      ['OBX^2^6', '103', 'W'],
      ['OBX^5^6', '103', 'W'],
    ]);
  });

  it('accepts with MSA AA, the original MSH-10, sender and receiver swapped, under a new control id', () => {
    const { header } = parsed(potassium);
    const ack = readAck(buildAck(header, 'AA'));

    expect(ack.segments).toEqual(['MSH', 'MSA']);
    expect(ack.sendingApplication).toBe('TAHALEEL');
    expect(ack.receivingApplication).toBe('LABSYS');
    expect(ack.messageType).toBe('ACK^R01^ACK');
    expect(ack.version).toBe('2.5.1');
    expect(ack.processingId).toBe('P');
    expect(ack.ackCode).toBe('AA');
    expect(ack.acknowledgedId).toBe('ALB20261127-000173');
    expect(ack.controlId).not.toBe('ALB20261127-000173');
    expect(ack.controlId).toMatch(/^[0-9A-F]{20}$/);
  });

  it('answers a value that is not a number with AE and an ERR naming OBX[2]-5, without the value', () => {
    const result = refused(fixture('oru-r01-decimal-comma.hl7'));
    expect(result.ackCode).toBe('AE');
    expect(result.error).toMatchObject({ field: 'OBX[2]-5', code: '102' });
    expect(result.error.text).not.toContain('6,8');

    const ack = readAck(buildAck(result.header, result.ackCode, result.error));
    expect(ack.segments).toEqual(['MSH', 'MSA', 'ERR']);
    expect(ack.ackCode).toBe('AE');
    expect(ack.acknowledgedId).toBe('ALB20261127-000174');
    expect(ack.err).toEqual({
      legacy: '',
      location: 'OBX^2^5',
      code: '102',
      codeSystem: 'HL70357',
      severity: 'E',
      userMessage: 'OBX-5 must be a number when OBX-2 is NM',
    });
  });

  it('refuses another message type with AR 200, its text escaped so the ACK keeps its three segments', () => {
    const result = refused(fixture('adt-a01.hl7'));
    expect(result).toMatchObject({ ackCode: 'AR', error: { field: 'MSH-9', code: '200' } });

    const ack = readAck(buildAck(result.header, result.ackCode, result.error));
    expect(ack.segments).toEqual(['MSH', 'MSA', 'ERR']);
    expect(ack.ackCode).toBe('AR');
    expect(ack.err?.location).toBe('MSH^1^9');
    expect(ack.err?.userMessage).toBe('Only ORU^R01 (unsolicited observation results) is accepted here');
  });

  it('answers text that is not HL7 at all with AR and an empty MSA-2', () => {
    const result = refused('{"resourceType":"Bundle"}');
    expect(result.header).toBeNull();

    const ack = readAck(buildAck(result.header, result.ackCode, result.error));
    expect(ack.ackCode).toBe('AR');
    expect(ack.acknowledgedId).toBe('');
    expect(ack.version).toBe('2.5.1');
    expect(ack.err?.code).toBe('100');
  });

  it('names the field and the HL7 table 0357 code of each error a lab system can make', () => {
    const cases: [string, string, string, string][] = [
      [message(MSH.replace('MSG-1', ''), ORC, OBR, potassiumObx('4.2')), 'AE', 'MSH-10', '101'],
      [message(MSH.replace('2.5.1', '2.6'), ORC, OBR, potassiumObx('4.2')), 'AR', 'MSH-12', '203'],
      [message(MSH.replace('ORU^R01', 'ORU^R30'), ORC, OBR, potassiumObx('4.2')), 'AR', 'MSH-9.2', '201'],
      [message(MSH, 'ORC|RE', OBR.replace('TH-7K3M9QX2', ''), potassiumObx('4.2')), 'AE', 'OBR[1]-2', '101'],
      [message(MSH, 'ORC|RE|TH-AAAA1111', OBR, potassiumObx('4.2')), 'AE', 'OBR[1]-2', '207'],
      [message(MSH, potassiumObx('4.2'), ORC, OBR), 'AE', 'OBX[1]', '100'],
      [message(MSH, ORC, OBR), 'AE', 'OBX', '101'],
      [message(MSH, ORC, OBR, potassiumObx('4.2', 'ED')), 'AE', 'OBX[1]-2', '102'],
      [message(MSH, ORC, OBR, potassiumObx('')), 'AE', 'OBX[1]-5', '101'],
      [message(MSH, ORC, OBR, potassiumObx('4.2').replace('|F', '|D')), 'AE', 'OBX[1]-11', '207'],
      [message(MSH, ORC, OBR.replace(/\|F$/, '|X'), potassiumObx('4.2')), 'AE', 'OBR[1]-25', '207'],
      [message(MSH, ORC, OBR.replace('20261127071500+0300', 'yesterday'), potassiumObx('4.2')), 'AE', 'OBR[1]-7', '102'],
      [message(MSH, ORC, OBR, potassiumObx('4.2'), 'PID|1||X', 'PID|2||Y'), 'AE', 'PID[2]', '100'],
    ];
    for (const [text, ackCode, field, code] of cases) {
      expect({ field, result: refused(text) }).toMatchObject({ field, result: { ackCode, error: { field, code } } });
    }
  });

  it('refuses a second booking in the same message, naming the OBR that names it', () => {
    const other = 'OBR|2|TH-ZZZZ9999||2951-2^Sodium^LN|||20261127071500+0300||||||||||||||||||F';
    const result = refused(message(MSH, ORC, OBR, potassiumObx('4.2'), other, 'OBX|2|NM|2951-2^Sodium^LN||139|mmol/L|||||F'));

    expect(result.error).toMatchObject({ field: 'OBR[2]-2', code: '207' });
    expect(result.error.text).toContain('ORC[1]-2');
  });
});

describe("an ORU^R01's bounds (issue #74)", () => {
  const withControlId = (controlId: string) => MSH.replace('|MSG-1|', `|${controlId}|`);
  const sodiumObx = (ordinal: number) => `OBX|${ordinal}|NM|2951-2^Sodium^LN||139|mmol/L|136-145||||F`;
  const sodiumResults = (count: number) => Array.from({ length: count }, (_, index) => sodiumObx(index + 1));

  it('refuses an MSH-10 the database could not keep with AE 102 naming MSH-10, and reads one of 199 characters', () => {
    expect(parsed(message(withControlId('A'.repeat(199)), ORC, OBR, potassiumObx('4.2'))).report.messageId).toBe('A'.repeat(199));
    // PostgreSQL counts characters, not UTF-16 units: 199 letters outside the BMP still fit.
    expect(parsed(message(withControlId('𝟙'.repeat(199)), ORC, OBR, potassiumObx('4.2'))).report.messageId).toHaveLength(398);

    for (const controlId of ['A'.repeat(200), `MSG\\X00\\1`, `MSG\\X07\\1`]) {
      const result = refused(message(withControlId(controlId), ORC, OBR, potassiumObx('4.2')));
      expect(result).toMatchObject({ ackCode: 'AE', error: { field: 'MSH-10', code: '102' } });
      expect(readAck(buildAck(result.header, result.ackCode, result.error)).err?.location).toBe('MSH^1^10');
    }
  });

  it('reads 500 results, an OBX without a value not counted, and refuses the 501st naming its OBX, before reading any', () => {
    const notDone = 'OBX|501|NM|2823-3^Potassium^LN|||mmol/L|||||X';
    expect(parsed(message(MSH, ORC, OBR, ...sodiumResults(500), notDone)).report.observations).toHaveLength(500);

    const result = refused(message(MSH, ORC, OBR, ...sodiumResults(501)));
    expect(result).toMatchObject({ ackCode: 'AE', error: { field: 'OBX[501]', code: '207' } });
    expect(result.error.text).toContain('at most 500 results');
    expect(readAck(buildAck(result.header, result.ackCode, result.error)).err?.location).toBe('OBX^501');

    // Counted before read: the first OBX's error is never reached.
    const firstBroken = [potassiumObx('4.2', 'ED'), ...sodiumResults(501).slice(1)];
    expect(refused(message(MSH, ORC, OBR, ...firstBroken)).error).toMatchObject({ field: 'OBX[501]', code: '207' });
  });

  it('reads a message of 5,000 segments, and refuses the 5,001st naming it, before reading any', () => {
    const notes = (count: number) => Array.from({ length: count }, (_, index) => `NTE|${index + 1}|L|Line ${index + 1} of the comment`);
    // MSH, ORC, OBR, one OBX and 4,996 notes.
    expect(parsed(message(MSH, ORC, OBR, potassiumObx('4.2'), ...notes(4996))).report.observations[0]!.note).toContain('Line 4996');

    const result = refused(message(MSH, ORC, OBR, potassiumObx('4.2'), ...notes(4997)));
    expect(result).toMatchObject({ ackCode: 'AE', error: { field: 'NTE[4997]', code: '207' } });
    expect(result.error.text).toContain('at most 5000 segments');
  });

  it('refuses an NM or SN number no double can hold (400 digits read as Infinity), naming OBX-5', () => {
    const huge = `1${'0'.repeat(400)}`;
    expect(parsed(message(MSH, ORC, OBR, potassiumObx(`1${'0'.repeat(300)}`))).report.observations[0]!.value).toHaveLength(301);
    expect(refused(message(MSH, ORC, OBR, potassiumObx(huge))).error).toMatchObject({ field: 'OBX[1]-5', code: '102' });
    expect(refused(message(MSH, ORC, OBR, potassiumObx(`<^${huge}`, 'SN'))).error).toMatchObject({ field: 'OBX[1]-5', code: '102' });
  });
});
