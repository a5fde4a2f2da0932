import { record } from '@rrweb/record';

/**
 * §9 session replay, for the sampled sessions only (its own chunk, ~23 KB gzip, fetched only for them): rrweb's
 * recorder, which every replay product builds on, in its record-only package. Every input is masked at the source,
 * its value never recorded (not even its length), scripts and the captcha's frame left out; scrub.ts then cleans what
 * the DOM's text and links carry.
 */
export function startReplay(emit: (event: unknown) => void): void {
  record({
    emit,
    maskAllInputs: true,
    maskInputFn: () => '***',
    blockSelector: 'iframe',
    slimDOMOptions: 'all',
    recordCanvas: false,
    collectFonts: false,
    inlineImages: false,
  });
}
