/** The code systems and identifier systems the results intake and export read and write (FHIR R4). */
export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const SNOMED_CT = 'http://snomed.info/sct';
export const OBSERVATION_INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
/** HL7 v2 table 0078 (abnormal flags), which some senders still name in FHIR. */
export const V2_ABNORMAL_FLAGS = 'http://terminology.hl7.org/CodeSystem/v2-0078';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
/** HL7 v2 table 0074 (diagnostic service section): `LAB`. */
export const DIAGNOSTIC_SERVICE_SECTION = 'http://terminology.hl7.org/CodeSystem/v2-0074';
/** HL7 v2 table 0203 (identifier type): `PLAC`, the placer's order number. */
export const IDENTIFIER_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0203';
/** The system of an identifier whose value is a Tahaleel booking reference (`TH-…`). */
export const BOOKING_REFERENCE_SYSTEM = 'https://tahaleel.sa/booking-reference';
