import { expect, test } from '@playwright/test';

test('the API docs page renders offline under its CSP, and its links stay under /docs', async ({ page }) => {
  const violations: string[] = [];
  const offHost: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1') && !/^(data|blob):/.test(request.url())) {
      offHost.push(request.url());
    }
  });
  await page.goto('/docs/');
  await expect(page.getByRole('heading', { name: /Run of Show API/ }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Transport' }).first().click();
  await expect(page).toHaveURL(/\/docs\/(#\/)?section\/transport$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Transport' }).first()).toBeVisible();
  expect(violations).toEqual([]);
  expect(offHost).toEqual([]);
});
