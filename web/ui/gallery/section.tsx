import type { ReactNode } from 'react';

/** One piece of the gallery: a heading the page's navigation links to, the rule it follows, its demos. */
export function Section({
  id,
  title,
  rule,
  children,
}: {
  id: string;
  title: string;
  rule: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className="gallery-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="gallery-rule">{rule}</p>
      {children}
    </section>
  );
}

/** One variant or state, named, in a row of its siblings. */
export function Demo({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'gallery-demo gallery-demo-wide' : 'gallery-demo'}>
      <h3>{title}</h3>
      <div className="gallery-demo-body">{children}</div>
    </div>
  );
}
