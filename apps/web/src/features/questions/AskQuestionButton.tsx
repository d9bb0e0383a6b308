import { ButtonLink } from '../../shared/components';

/** 'Ask a Question' (SPEC §2): a link to the new question form that looks like a button. */
export function AskQuestionButton() {
  return <ButtonLink to="/new/question">Ask a Question</ButtonLink>;
}
