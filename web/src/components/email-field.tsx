import { TextField } from '@runofshow/ui/text-field';
import type { ComponentProps } from 'react';
import { loadTlds } from '../lib/tld-list.js';

/**
 * An e-mail input: no auto-capitalising or spell-checking, and the §5 top-level-domain list starts loading with the
 * first keystroke (the form re-judges the address when it arrives, through `useTldsLoaded`).
 */
export function EmailField({
  onValueChange,
  ...field
}: Omit<ComponentProps<typeof TextField>, 'type' | 'autoCapitalize' | 'spellCheck'>) {
  return (
    <TextField
      type="email"
      autoCapitalize="none"
      spellCheck={false}
      onValueChange={(value) => {
        void loadTlds();
        onValueChange(value);
      }}
      {...field}
    />
  );
}
