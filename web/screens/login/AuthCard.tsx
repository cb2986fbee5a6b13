// The frame of the sign-in and forced-change pages: refresh button (and the sign-in page's choice
// of language), a card form, its title, intro and error notice.
import type { FormEvent, ReactNode } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { RefreshButton } from '../../components/RefreshButton';
import './auth.css';

export function AuthCard({
  title,
  intro,
  error,
  onSubmit,
  before,
  corner,
  children,
}: {
  title: string;
  intro: string;
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  /** Shown above the title (the school's name on the sign-in page). */
  before?: ReactNode;
  /** Beside the refresh button (the sign-in page's choice of language). */
  corner?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <div className="auth-top">
        {corner}
        <RefreshButton />
      </div>
      <form className="card auth-card" onSubmit={onSubmit} noValidate>
        {before}
        <h1>{title}</h1>
        <p className="muted">{intro}</p>
        <ErrorNotice message={error} />
        {children}
      </form>
    </main>
  );
}
