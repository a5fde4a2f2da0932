import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { typeAhead } from './support/type-ahead.js';

// Every interactive gallery piece operated with the keyboard alone: a keyboard user follows the page's link to a
// section (Enter moves the Tab starting point there), then Tabs to the control; only key presses change anything.

async function tabTo(page: Page, target: Locator, section: string, after?: Locator): Promise<void> {
  if (after) {
    await after.focus();
  } else {
    await page.getByRole('navigation', { name: 'Pieces' }).getByRole('link', { name: section, exact: true }).focus();
    await page.keyboard.press('Enter');
  }
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error(`Tab never reached the target in ${section}.`);
}

// One gallery page per worker, loaded once (issue 27: this file went from 24.3 to 12.6 CPU-s, one worker). Every test
// works in sections no other test touches, reached from the page's own link as a keyboard user would, so what an
// earlier test did elsewhere on the page is no part of it.
const test = base.extend<{ page: Page }, { galleryPage: Page }>({
  galleryPage: [
    async ({ browser }, use) => {
      const page = await browser.newPage();
      await page.goto('/gallery/');
      await expect(page.getByRole('heading', { level: 1, name: 'Component gallery' })).toBeVisible();
      await use(page);
      await page.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ galleryPage }, use) => use(galleryPage),
});

test('time zone picker: America/New_York by default, type-to-jump and arrows choose a city zone', async ({ page }) => {
  const section = page.locator('#time-zone-picker');
  const select = section.getByLabel('Event time zone');
  await expect(select).toHaveValue('America/New_York');
  const options = await select
    .locator('option')
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptionElement).value));
  expect(options.some((zone) => /^(Pacific|Atlantic|Antarctica|Arctic|Etc|Indian)\//.test(zone))).toBe(false);
  expect(options).toContain('Europe/Paris');
  await expect(select.locator('option[value="America/New_York"]')).toHaveText(/^New York \(GMT-0[45]:00\)$/);

  // The jump is Chromium's type-ahead on the native select; what the picker owes it is options that start with the
  // city, so typing a city's first letters finds it.
  await tabTo(page, select, 'Time zone picker');
  await typeAhead(page, 'Paris');
  await expect(select).toHaveValue('Europe/Paris');
  await expect(section.locator('output').first()).toHaveText('Europe/Paris');
  await page.keyboard.press('ArrowDown');
  await expect(select).not.toHaveValue('Europe/Paris');
});

test('date picker: typed digits give MM-DD-YYYY, arrows step, past dates are refused when blocked', async ({
  page,
}) => {
  const section = page.locator('#date-picker');
  const showDate = section.getByLabel('Show date');
  await expect(section.getByText('Selected: 03-14-2026')).toBeVisible();

  await tabTo(page, showDate, 'Date picker');
  await page.keyboard.type('12312030');
  await expect(showDate).toHaveValue('2030-12-31');
  await expect(section.getByText('Selected: 12-31-2030')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(showDate).toHaveValue('2031-12-31');

  const starts = section.getByLabel('Event starts on');
  await tabTo(page, starts, 'Date picker', showDate);
  await page.keyboard.type('01012020');
  // Leaving the field (Chromium's calendar button inside it takes one Tab) shows the message.
  await tabTo(page, section.getByLabel('Invoice date'), 'Date picker', starts);
  await expect(section.getByText('Uh oh! Pick today or a later date')).toBeVisible();
  await expect(starts).toHaveAttribute('aria-invalid', 'true');
  await expect(section.locator('output').nth(1)).toHaveText('none');

  // Back into the field (its month comes first) and on to a later date.
  await tabTo(page, starts, 'Date picker', showDate);
  await page.keyboard.type('06152099');
  await expect(starts).toHaveValue('2099-06-15');
  await expect(section.getByText('Uh oh! Pick today or a later date')).toBeHidden();
  await expect(section.locator('output').nth(1)).toHaveText('2099-06-15');

  // The same picker in another format.
  await expect(section.getByText('Selected: 01/07/2026')).toBeVisible();
});

test('date-time picker: 15-minute times in 12-hour time, 30-minute in 24-hour, MMMM d, yyyy', async ({ page }) => {
  const section = page.locator('#date-time-picker');
  const first = section.getByRole('group', { name: 'Show starts' });
  const times = await first.getByLabel('Time').locator('option').allTextContents();
  expect(times).toHaveLength(1 + 96);
  expect(times.slice(1, 4)).toEqual(['12:00 AM', '12:15 AM', '12:30 AM']);

  await tabTo(page, first.getByLabel('Date'), 'Date-time picker');
  await page.keyboard.type('03142030');
  await tabTo(page, first.getByLabel('Time'), 'Date-time picker', first.getByLabel('Date'));
  await typeAhead(page, '9:15');
  await expect(first.getByLabel('Time')).toHaveValue('09:15');
  await expect(first.getByText('Selected: March 14, 2030 at 9:15 AM')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(first.getByText('Selected: March 14, 2030 at 9:30 AM')).toBeVisible();
  await expect(section.locator('output').first()).toHaveText('2030-03-14 09:30');

  const second = section.getByRole('group', { name: 'Doors open' });
  const times24 = await second.getByLabel('Time').locator('option').allTextContents();
  expect(times24).toHaveLength(1 + 48);
  expect(times24.at(-1)).toBe('23:30');
  await tabTo(page, second.getByLabel('Date'), 'Date-time picker', first.getByLabel('Time'));
  await page.keyboard.type('07042031');
  await tabTo(page, second.getByLabel('Time'), 'Date-time picker', second.getByLabel('Date'));
  await typeAhead(page, '21:3');
  await expect(second.getByText('Selected: July 4, 2031 at 21:30')).toBeVisible();
});

test('label picker: Space ticks labels, the filter narrows, Enter creates a label with §5 rules', async ({ page }) => {
  const picker = page.locator('#label-picker .label-picker').first();
  const note = page.locator('#label-picker .gallery-note');
  await expect(note).toHaveText('On the event: Keynote, VIP');

  const rehearsal = picker.getByRole('checkbox', { name: 'Rehearsal' });
  await tabTo(page, rehearsal, 'Label picker');
  await page.keyboard.press('Space');
  await expect(rehearsal).toBeChecked();
  await expect(note).toHaveText('On the event: Keynote, Rehearsal, VIP');

  await picker.getByRole('searchbox', { name: 'Filter labels' }).focus();
  await page.keyboard.type('load');
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await page.keyboard.type('zzz');
  await expect(picker.getByText('No labels match “loadzzz”.')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(picker.getByRole('checkbox')).toHaveCount(10);

  const text = picker.getByLabel('Label text');
  await tabTo(page, text, 'Label picker', picker.getByRole('checkbox').last());
  await page.keyboard.press('Enter');
  await expect(picker.getByText('Uh oh! A label needs 1 to 64 characters')).toBeVisible();
  await page.keyboard.type('x'.repeat(65));
  await page.keyboard.press('Enter');
  await expect(picker.getByText('Uh oh! A label needs 1 to 64 characters')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Keynote');
  await page.keyboard.press('Tab');
  const color = picker.getByLabel('Color (hex)');
  await expect(color).toBeFocused();
  await expect(color).toHaveValue('#6B66F8');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('#12');
  await page.keyboard.press('Enter');
  await expect(picker.getByText('Uh oh! A color is 3 to 6 letters or digits, optionally after #')).toBeVisible();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(picker.getByRole('alert')).toHaveText('The team already has a label “Keynote”.');

  await text.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Soundcheck');
  await page.keyboard.press('Enter');
  const created = picker.getByRole('checkbox', { name: 'Soundcheck' });
  await expect(created).toBeChecked();
  await expect(picker.locator('.label').filter({ hasText: 'Soundcheck' })).toHaveCSS(
    'background-color',
    'rgb(17, 34, 51)',
  );
  await expect(note).toHaveText('On the event: Keynote, Rehearsal, VIP, Soundcheck');
  await expect(text).toHaveValue('');
  await expect(color).toHaveValue('#6B66F8');
});

test('colour rotator: focus shows "Rotate the color", Enter picks another colour, Escape hides the tip', async ({
  page,
}) => {
  const section = page.locator('#colour-rotator');
  const rotator = section.getByRole('button', { name: 'Rotate the color' });
  const picked = section.locator('output');
  await expect(picked).toHaveText('#1d4ed8');
  await tabTo(page, rotator, 'Colour rotator');
  await expect(section.getByRole('tooltip')).toHaveText('Rotate the color');
  const seen = new Set<string>();
  for (let i = 0; i < 5; i += 1) {
    const before = await picked.textContent();
    await page.keyboard.press(i % 2 ? 'Space' : 'Enter');
    await expect(picked).not.toHaveText(before ?? '');
    seen.add((await picked.textContent()) ?? '');
  }
  for (const colour of seen) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  await page.keyboard.press('Escape');
  await expect(section.getByRole('tooltip')).toBeHidden();
  await expect(rotator).toBeFocused();
});

test('avatars and overflow lists open and close from the keyboard', async ({ page }) => {
  const ada = page.locator('#avatar [aria-label="Ada Lovelace"]');
  await tabTo(page, ada, 'Avatar');
  await expect(page.getByRole('tooltip', { name: 'Ada Lovelace is editing...' })).toBeVisible();
  await expect(ada).toHaveAccessibleDescription('Ada Lovelace is editing...');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip', { name: 'Ada Lovelace is editing...' })).toBeHidden();

  const more = page.getByRole('button', { name: '+5 more people' });
  await tabTo(page, more, 'Avatar group');
  await page.keyboard.press('Enter');
  const names = page.getByRole('list', { name: '5 more people' }).first();
  await expect(names.getByRole('listitem')).toHaveText([
    'Alan Turing',
    'Margaret Hamilton',
    'Tim Berners-Lee',
    'Hedy Lamarr',
    'Dorothy Vaughan',
  ]);
  await page.keyboard.press('Escape');
  await expect(names).toBeHidden();
  await expect(more).toBeFocused();

  const labels = page.getByRole('button', { name: '+7 more labels' });
  await tabTo(page, labels, 'Label row');
  await page.keyboard.press('Space');
  await expect(page.getByRole('list', { name: 'Labels of Spring Gala: 7 more' }).getByRole('listitem')).toHaveCount(7);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('list', { name: 'Labels of Spring Gala: 7 more' })).toBeHidden();

  const remove = page.getByRole('button', { name: 'Remove label Keynote' }).last();
  await tabTo(page, remove, 'Label row');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Labels of Awards night' }).getByText('Keynote')).toHaveCount(0);
});

test('toggle, error box and role table answer the keyboard', async ({ page }) => {
  const toggle = page.getByRole('switch', { name: 'Private show' });
  await tabTo(page, toggle, 'Toggle');
  await expect(toggle).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();

  const section = page.locator('#error-boundaries');
  await expect(section.getByText('This part of the page could not be shown.')).toBeVisible();
  const reload = section.getByRole('button', { name: 'Reload' });
  await tabTo(page, reload, 'Error boundaries');
  await page.keyboard.press('Enter');
  await expect(section.getByText('This part of the page could not be shown.')).toBeHidden();
  await expect(section.getByText(/^Run sheet: 14 cues/).first()).toBeVisible();

  await section.getByRole('button', { name: 'Simulate a page crash' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('heading', { name: 'Uh oh' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Refresh' })).toBeVisible();

  const roles = page.locator('#roles');
  const verdict = (name: string) => roles.locator('.gallery-verdicts div').filter({ hasText: name }).locator('dd');
  await expect(verdict('Event admin')).toHaveText('No');
  const teamRole = roles.getByLabel('Team role');
  await tabTo(page, teamRole, 'Roles and visibility');
  await page.keyboard.press('ArrowDown');
  await expect(teamRole).toHaveValue('this');
  await expect(verdict('Event admin')).toHaveText('Yes');
  await expect(roles.getByText('Team billing link: visible')).toBeVisible();
  await expect(roles.locator('table tbody tr')).toHaveCount(15);
});
