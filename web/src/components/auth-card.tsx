import type { ReactNode } from 'react';

/** The white card on the blue gradient that every sign-in screen sits in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="page">
      <section className="card" aria-labelledby="card-title">
        <h1 id="card-title">{title}</h1>
        {subtitle ? <p className="subtitle">{subtitle}</p> : null}
        {children}
      </section>
    </main>
  );
}
