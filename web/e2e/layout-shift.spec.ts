import { expect, type Page } from '@playwright/test';
// Checked against the description's examples, not the sandbox's state (see support/examples.ts).
import { test } from './support/examples.js';

// "No layout shift when a message appears": every field and the submit button stay exactly where they were when the
// longest §5 message of each field shows under it, on a phone and on a desktop.

interface FormCase {
  path: string;
  /** Values that bring up each field's longest message. */
  fill: [label: string, value: string][];
  submit: string;
  /** The message the last field must show, so the test knows every message is on screen. */
  lastMessage: string;
}

const cases: FormCase[] = [
  {
    path: '/app.login/signup',
    fill: [
      ['First name', 'A'],
      ['Last name', 'B'],
      ['Work email', 'ada@example'],
      ['Password', 'abc'],
      ['Company name', 'E'],
    ],
    submit: 'Create account',
    lastMessage: 'Uh oh! 2 to 32 characters are required',
  },
  {
    path: '/app.login/signup/invited/eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl',
    fill: [
      ['First name', 'A'],
      ['Last name', 'B'],
      ['Password', 'abc'],
    ],
    submit: 'Create account',
    lastMessage: 'Uh oh! Password is invalid',
  },
  {
    path: '/app.login/login',
    fill: [
      ['Email', 'ada@example'],
      ['Password', 'abc'],
    ],
    submit: 'Sign in',
    lastMessage: 'Password must be at least 6 characters',
  },
  {
    path: '/app.login/login/sso',
    fill: [['Work email', 'ada@example']],
    submit: 'Continue with SSO',
    lastMessage: 'Uh oh! Invalid email',
  },
  {
    path: '/app.login/forgot',
    fill: [['Email', 'ada@example']],
    submit: 'Send reset link',
    lastMessage: 'Invalid email address',
  },
  {
    path: '/app.login/reset/3f9a8c7e2b1d?email=ada%40example.com',
    fill: [
      ['New password', 'abc'],
      ['Confirm new password', 'abd'],
    ],
    submit: 'Reset password',
    lastMessage: 'Uh oh! Passwords do not match',
  },
];

async function positions(page: Page, c: FormCase) {
  const boxes = [];
  for (const [label] of c.fill) boxes.push(await page.getByLabel(label, { exact: true }).boundingBox());
  boxes.push(await page.getByRole('button', { name: c.submit }).boundingBox());
  return boxes.map((box) => box && { x: box.x, y: box.y, height: box.height });
}

for (const width of [320, 1280]) {
  for (const c of cases) {
    test(`${c.path.split('?')[0]?.slice(0, 40)} at ${width} px: messages move nothing`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(c.path);
      const first = c.fill[0]?.[0] ?? '';
      await expect(page.getByLabel(first, { exact: true })).toBeEnabled();
      const before = await positions(page, c);
      for (const [label, value] of c.fill) await page.getByLabel(label, { exact: true }).fill(value);
      // Leave the last field, so its message shows too; Escape first closes a password tooltip.
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { level: 1 }).click();
      await expect(page.getByText(c.lastMessage)).toBeVisible();
      expect(await positions(page, c)).toEqual(before);
    });
  }
}
