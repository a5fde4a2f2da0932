import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { departure } from '../lib/leave.js';
import { tldsReady } from '../lib/tld-list.js';
import { useFocusOnArrival } from './use-focus-on-arrival.js';
import { useTldsLoaded } from './use-tlds.js';

type Values<F extends string> = Record<F, string>;

/** Each field's §5 rule: the message its value breaks, or undefined. It sees every value (a confirmation compares). */
type Rules<F extends string> = Record<F, (value: string, values: Values<F>) => string | undefined>;

interface Options<F extends string> {
  rules: Rules<F>;
  /** The starting values, held by the form; or `store`. */
  initial?: NoInfer<Values<F> | (() => Values<F>)>;
  /**
   * Values held elsewhere (a feature's store): the rendered ones, how a change reaches the store, and how a submit
   * reads them at once (a submit can follow a change before the next render, e.g. a pasted code).
   */
  store?: NoInfer<{ values: Values<F>; set: (field: F, value: string) => void; read: () => Values<F> }>;
  /** Fields whose message shows from the start (e.g. a value prefilled from a link). */
  touched?: NoInfer<() => Partial<Record<F, boolean>>>;
  /** The field focused once the form is up and `ready` (never on a phone: `useFocusOnArrival`). */
  focus?: NoInfer<F>;
  ready?: boolean;
  /** Given to every field: e.g. disabled while a placeholder, read-only while submitting (focus stays put). */
  every?: { disabled?: boolean; readOnly?: boolean };
  /**
   * The form has an e-mail or a name field, whose §5 rules read the TLD list: a submit waits for the list, and its
   * arrival judges the form again.
   */
  email?: boolean;
  /** Runs when a submit finds every rule kept. */
  onSubmit: (values: NoInfer<Values<F>>) => unknown;
}

/**
 * One form's values, its §5 messages and its submit (one at a time). Until the first reveal a field's message shows once the
 * visitor has left it; a submit that breaks a rule reveals every message and moves focus to the first invalid
 * field, whose message the screen reader then reads, again on every reveal. `hide()` starts over (a new step).
 *
 * `props` go on the <form>: §5 keeps some submit buttons disabled while the form is invalid, and a disabled default
 * button also blocks the browser's implicit submission, so Enter in a field would do nothing at all. It reveals
 * instead. `field(name)` gives a TextField its name, value, message and handlers.
 *
 * `busy` (and `aria-busy` on the form) runs from the submit until its outcome is on screen: through the waits before
 * any call (the TLD list, a captcha token), the call, and, when the submit leads off the page, the way out, until the
 * next page replaces this one. No second submit starts in that time.
 */
export function useForm<F extends string>(options: Options<F>) {
  const { rules, store, focus, email } = options;
  const form = useRef<HTMLFormElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const [own, setOwn] = useState(options.initial ?? ({} as Values<F>));
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>(options.touched ?? {});
  const [reveals, setReveals] = useState(0);
  const submitting = useRef(false);
  const [submitInProgress, setSubmitInProgress] = useState(false);
  const { leaving } = useSnapshot(departure);
  const busy = submitInProgress || leaving;
  useFocusOnArrival(first, options.ready ?? true);
  useTldsLoaded();
  useEffect(() => {
    if (reveals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [reveals]);

  const values = store?.values ?? own;
  const set = store?.set ?? ((field: F, value: string) => setOwn((current) => ({ ...current, [field]: value })));
  const judge = (of: Values<F>) =>
    Object.fromEntries(Object.keys(rules).map((field) => [field, rules[field as F](of[field as F], of)])) as Record<
      F,
      string | undefined
    >;
  const issues = judge(values);
  const valid = Object.values(issues).every((issue) => issue === undefined);
  const revealed = reveals > 0;
  const reveal = () => setReveals((n) => n + 1);
  const errorOf = (field: F) => (revealed || touched[field] ? issues[field] : undefined);

  return {
    values,
    issues,
    valid,
    busy,
    revealed,
    reveal,
    hide: () => setReveals(0),
    errorOf,
    field: (name: F) => ({
      name,
      value: values[name],
      error: errorOf(name),
      onValueChange: (value: string) => set(name, value),
      onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
      ...options.every,
      ...(name === focus ? { ref: first } : {}),
    }),
    props: {
      ref: form,
      noValidate: true,
      'aria-busy': busy || undefined,
      async onSubmit(event: FormEvent<HTMLFormElement>) {
        event.preventDefault();
        // One submit at a time: a second click or Enter while the first still runs (a captcha token on its way, a
        // call not yet answered, before the busy state renders), or while the page leaves after it, is ignored.
        if (submitting.current || departure.leaving) return;
        submitting.current = true;
        setSubmitInProgress(true);
        try {
          if (email) await tldsReady();
          // Judged again: the TLD list may have arrived since the last render, and a store may hold newer values.
          const now = store?.read() ?? values;
          if (Object.values(judge(now)).some((issue) => issue !== undefined)) return reveal();
          await options.onSubmit(now);
        } finally {
          submitting.current = false;
          setSubmitInProgress(false);
        }
      },
      onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
        if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
        if (event.currentTarget.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled) reveal();
      },
    },
  };
}
