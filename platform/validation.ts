import { validate, ValidationError } from 'class-validator';
import { badInput } from './errors';

function flatten(errors: ValidationError[], prefix = ''): Array<{ field: string; message: string }> {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * type-graphql's validateFn: class-validator rules on args and input classes, reported as one
 * BAD_USER_INPUT error whose message names the offending field ("take: take must not be greater than 250").
 */
export async function validateArguments(value: unknown): Promise<void> {
  if (value == null || typeof value !== 'object') return;
  const values = Array.isArray(value) ? value : [value];
  for (const item of values) {
    if (item == null || typeof item !== 'object' || item.constructor === Object) continue;
    const problems = flatten(await validate(item, { forbidUnknownValues: false }));
    if (problems.length) throw badInput(problems[0].field, problems.map((p) => p.message).join('; '));
  }
}
