import { Link } from 'react-router-dom';

interface StatusScreenProps {
  code: number;
  title: string;
  message: string;
  action: { to: string; label: string };
}

/** A page that answers with an HTTP error a visitor can act on: its code, what happened, where to go instead. */
export function StatusScreen({ code, title, message, action }: StatusScreenProps) {
  return (
    <section className="status-screen">
      <div className="container status-screen__inner">
        <p className="status-screen__code" aria-hidden="true">
          {code}
        </p>
        <h1>{title}</h1>
        <p>{message}</p>
        <Link className="button button--primary" to={action.to}>
          {action.label}
        </Link>
      </div>
    </section>
  );
}
