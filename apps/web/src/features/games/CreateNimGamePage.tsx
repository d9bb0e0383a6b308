import { CreateNimGameInput, gameMessages } from '@app/validators';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { gameFormErrors } from './gameForm';
import { trpc } from '../../trpc';
import { basicsInput } from './GameBasicsFields';
import { GameCreateForm, useCreateGameForm } from './GameCreateForm';

/** Create Nim game (/games/create-nim-game, SPEC §2, §5): title, public/private, password. */
export default function CreateNimGamePage() {
  useDocumentTitle('Create Nim Game');
  const create = trpc.game.createNim.useMutation();
  const form = useCreateGameForm();

  const check = () => gameFormErrors(CreateNimGameInput, basicsInput(form.basics));
  const onSubmit = () => {
    const input = basicsInput(form.basics);
    void form.submit(check(), () => create.mutateAsync(input), gameMessages.createNimFailed);
  };

  return (
    <GameCreateForm
      title="Create Nim Game"
      subtitle="Two players take 1 to 3 of 21 objects in turn."
      form={form}
      onSubmit={onSubmit}
      validate={check}
      busy={create.isPending}
      note="* indicates mandatory fields"
    />
  );
}
