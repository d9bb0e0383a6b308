import { postFormMessages } from '@app/validators';
import { Button } from '../../../shared/components/Button';

export interface DraftStatusProps {
  restored: boolean;
  saved: boolean;
  onDiscard: () => void;
}

/** Under a post form: that the text is kept in this browser (or was restored), and a way to drop it. */
export function DraftStatus({ restored, saved, onDiscard }: DraftStatusProps) {
  if (!restored && !saved) return null;
  return (
    <div className="draft-status">
      <span className="draft-status__text">
        {restored ? postFormMessages.draftRestored : postFormMessages.draftSaved}
      </span>
      <Button variant="ghost" size="sm" onClick={onDiscard}>
        {postFormMessages.discardDraft}
      </Button>
    </div>
  );
}
