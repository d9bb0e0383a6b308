import type { FlagKind, FlagReason } from '@app/validators';
import { createContext, useContext } from 'react';

export interface FlagRequest {
  kind: FlagKind;
  id: number;
  reason: FlagReason;
  note: string;
}

/** Sends a flag (flag.create); the app's frame provides it, so any page's posts can be flagged. */
export type SendFlag = (request: FlagRequest) => Promise<unknown>;

export const FlagContext = createContext<SendFlag | null>(null);

/** The frame's flag sender, or null outside it (then no Flag action is shown). */
export const useSendFlag = (): SendFlag | null => useContext(FlagContext);
