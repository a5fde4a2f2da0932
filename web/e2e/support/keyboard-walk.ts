import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './axe.js';

/**
 * A visitor on the keyboard alone (issue 34's dead-end crawl). Tab moves focus and is not counted; an action is a
 * control activated with Enter (a link followed, a button pressed, a form submitted from its field). Typing a
 * field's value is counted apart (`typed`), as what the visitor had to know. Every page arrived on is checked by axe.
 */
export class KeyboardWalk {
  actions = 0;
  typed = 0;
  constructor(private readonly page: Page) {}

  /** Tabs forward (at most 40 times) until `target` has focus. */
  async tabTo(target: Locator): Promise<void> {
    for (let i = 0; i < 40; i++) {
      if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
      await this.page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${target}`);
  }

  /** Focuses a link or button by Tab and presses Enter: one action. */
  async activate(target: Locator): Promise<void> {
    await this.tabTo(target);
    await this.page.keyboard.press('Enter');
    this.actions++;
  }

  /** Tabs to a field and types into it (replacing what it held). */
  async type(field: Locator, text: string): Promise<void> {
    await this.tabTo(field);
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.type(text);
    this.typed++;
  }

  /** Enter in the focused field: the form is submitted, one action. */
  async submit(): Promise<void> {
    await this.page.keyboard.press('Enter');
    this.actions++;
  }

  /** The page has arrived (its heading shows) and axe finds nothing. */
  async arrived(heading: string | RegExp): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expectAccessible(this.page);
  }
}
