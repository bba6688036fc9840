import type { ZodType } from 'zod';

/**
 * The first problem with each field as a shared schema finds it, by field name: the keys of the
 * shared `validationMessages` (`required`, `too_short`…), which `fieldMessage` puts into words. The
 * form checks what the server will check, before sending it.
 */
export function fieldIssues(schema: ZodType, values: unknown): Record<string, string> {
  const issues: Record<string, string> = {};
  const result = schema.safeParse(values);
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const [field] = issue.path;
    if (typeof field === 'string' && !(field in issues)) issues[field] = issue.message;
  }
  return issues;
}
