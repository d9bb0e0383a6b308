import { reputationMessages } from '@app/validators';
import { createContext, useContext } from 'react';

/**
 * The reputations a page knows, by username: a page that shows authors provides them (read once for
 * all its names, kept current by the user stream), and every AuthorLink inside shows its number.
 */
export const ReputationsContext = createContext<ReadonlyMap<string, number>>(new Map());

export const useKnownReputation = (username: string): number | undefined =>
  useContext(ReputationsContext).get(username);

const formatted = new Intl.NumberFormat('en-US');

/** A user's reputation, as Stack Overflow shows it beside a name: a bold number, titled. */
export function ReputationScore({ value }: { value: number }) {
  return (
    <span className="reputation" title={reputationMessages.title(value)}>
      <span className="visually-hidden">{reputationMessages.label} </span>
      {formatted.format(value)}
    </span>
  );
}
