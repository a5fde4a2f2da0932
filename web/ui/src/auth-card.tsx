import { type ReactNode, useEffect } from 'react';

interface Props {
  title: string;
  subtitle?: string | undefined;
  children: ReactNode;
  /** Links under the card's content (other ways in, legal text). */
  footer?: ReactNode;
}

/** A screen's `<title>`: its card's title, then the product's name (the build writes the same into its pages). */
export const pageTitle = (title: string) => `${title} · Run of Show`;

/** The white card on the blue gradient (§2) that every sign-in screen sits in. */
export function AuthCard({ title, subtitle, children, footer }: Props) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return (
    <main className="page">
      <section className="card" aria-labelledby="card-title">
        <p className="brand">Run of Show</p>
        <h1 id="card-title">{title}</h1>
        {subtitle ? <p className="subtitle">{subtitle}</p> : null}
        {children}
        {footer ? <div className="card-footer">{footer}</div> : null}
      </section>
    </main>
  );
}
