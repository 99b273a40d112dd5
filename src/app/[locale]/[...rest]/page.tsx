import { notFound } from 'next/navigation';

/** Any path no page claims: the localized 404 page with HTTP 404. */
export default function CatchAll() {
  notFound();
}
