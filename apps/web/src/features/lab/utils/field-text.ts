import type { TFunction } from 'i18next';
import type { Field, NumberField, ValidationIssue } from './schema-form';

/** Numbers as a physicist writes them: 1e-9 rather than 0.000000001, 1e6 rather than 1000000. */
export function formatNumber(value: number, digits = 4): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e5 || abs < 1e-3) {
    const [mantissa, exponent] = value.toExponential(digits - 1).split('e');
    return `${String(Number(mantissa))}e${Number(exponent)}`;
  }
  return String(Number(value.toPrecision(digits)));
}

/** The label of a field in the user's language; a field no translation knows yet shows its key. */
export function fieldLabel(t: TFunction, field: Pick<Field, 'key'>): string {
  return t(`lab.fields.${field.key}`, { defaultValue: field.key.replaceAll('_', ' ') });
}

export function labelWithUnit(t: TFunction, field: Field): string {
  const unit = field.kind === 'number' || field.kind === 'pair' ? field.unit : undefined;
  return unit ? `${fieldLabel(t, field)} (${unit})` : fieldLabel(t, field);
}

/**
 * A request path as people read it: `charges[0].x` → "Charges #1 · x (m)", `surface.radius` →
 * "Surface · Radius (m)"; a path the form does not know stays as written.
 */
export function pathLabel(t: TFunction, fields: Field[], path: string): string {
  const parts: string[] = [];
  let level: Field[] = fields;
  let last: Field | undefined;
  for (const segment of path.match(/[^.[\]]+/g) ?? []) {
    if (/^\d+$/.test(segment)) {
      parts[parts.length - 1] = t('lab.pathRow', { name: parts.at(-1), row: Number(segment) + 1 });
      continue;
    }
    last = level.find((field) => field.key === segment);
    if (!last) return path;
    parts.push(fieldLabel(t, last));
    level = last.kind === 'group' ? last.fields : last.kind === 'table' ? last.columns : [];
  }
  const unit = last && (last.kind === 'number' || last.kind === 'pair') ? last.unit : undefined;
  return `${parts.join(' · ')}${unit ? ` (${unit})` : ''}`;
}

/** "0 < length ≤ 100 · whole number · default 0.2", from the schema's bounds. */
export function rangeHint(t: TFunction, field: NumberField, name = field.key): string {
  const parts: string[] = [];
  const lower =
    field.min === undefined ? '' : `${formatNumber(field.min)} ${field.minExclusive ? '<' : '≤'} `;
  const upper =
    field.max === undefined ? '' : ` ${field.maxExclusive ? '<' : '≤'} ${formatNumber(field.max)}`;
  if (lower || upper) parts.push(`${lower}${name}${upper}`);
  if (field.integer) parts.push(t('lab.hint.integer'));
  if (field.default !== undefined) parts.push(t('lab.hint.default', { value: formatNumber(field.default) }));
  else if (!field.required) parts.push(t('lab.hint.optional'));
  return parts.join(' · ');
}

/** A client-side validation problem as a sentence. */
export function issueText(t: TFunction, issue: ValidationIssue): string {
  switch (issue.kind) {
    case 'required':
      return t('lab.validation.required');
    case 'number':
      return t('lab.validation.number');
    case 'integer':
      return t('lab.validation.integer');
    case 'tooSmall':
      return t(issue.inclusive ? 'lab.validation.atLeast' : 'lab.validation.above', {
        value: formatNumber(issue.min),
      });
    case 'tooBig':
      return t(issue.inclusive ? 'lab.validation.atMost' : 'lab.validation.below', {
        value: formatNumber(issue.max),
      });
    default:
      return issue.message;
  }
}
