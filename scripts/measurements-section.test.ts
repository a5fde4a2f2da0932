import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeMeasurements } from './measurements-section.js';

describe('writeMeasurements', () => {
  it('appends a section on the first run, then replaces only what lies between its markers', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'measurements-')), 'measurements.md');
    writeFileSync(file, '# Measurements\n\nEarlier figures.\n');
    writeMeasurements('drill', 'scripts/drill.ts', 'Fault drill', 'run 1', file);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nWhat the figures mean.\n`);
    writeMeasurements('drill', 'scripts/drill.ts', 'Fault drill', 'run 2', file);
    expect(readFileSync(file, 'utf8')).toBe(
      [
        '# Measurements',
        '',
        'Earlier figures.',
        '',
        '## Fault drill',
        '',
        '<!-- BEGIN drill: written by scripts/drill.ts -->',
        'run 2',
        '<!-- END drill -->',
        '',
        'What the figures mean.',
        '',
      ].join('\n'),
    );
  });
});
