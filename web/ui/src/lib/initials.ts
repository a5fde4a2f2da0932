/**
 * §9 avatar initials: the first letter of the first name and of the last name, upper-cased. A pending user may
 * have empty names (User schema), so a missing part is skipped; an emoji or accented letter counts as one letter.
 */
export function initials(firstName: string, lastName: string): string {
  const first = (name: string) => [...name.trim()][0] ?? '';
  return `${first(firstName)}${first(lastName)}`.toLocaleUpperCase();
}

/** 'First Last', trimmed, for labels and tooltips. */
export function fullName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ');
}
