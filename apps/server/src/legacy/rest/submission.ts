import { LEADERBOARD_MAX, SubmissionPayload } from '@app/validators';
import { Router } from 'express';
import { idOf, routesWith, type RestDoor } from './adapter';
import { wireSubmission } from '../wire';

/** /submission: a problem's submissions, one submission, submitting. */
export function submissionRoutes(door: RestDoor): Router {
  const router = Router();
  const route = routesWith(door);

  // The leaderboard (newest first, as many rows as it gives), each row with its code, which the
  // client counts lines from.
  router.get(
    '/getAllSubmissionsByProblemId/:problemId',
    route(async (req, _res, { caller }) => {
      const problemId = idOf(req.params.problemId, 'problem ID');
      const rows = await caller.submission.list({ problemId, limit: LEADERBOARD_MAX });
      const submissions = [];
      for (const row of rows) submissions.push(await caller.submission.byId({ id: row.id }));
      return submissions.map(wireSubmission);
    }),
  );

  router.get(
    '/getSubmission/:id',
    route(async (req, _res, { caller }) =>
      wireSubmission(await caller.submission.byId({ id: idOf(req.params.id, 'submission ID') })),
    ),
  );

  // The server runs every test again and stores the figures it measured: the payload's runTime
  // and heapUse are ignored, and submissionBy must be the signed-in user.
  router.post(
    '/createSubmission',
    route(SubmissionPayload, async (_req, _res, { caller, requireSelf, body }) => {
      const { submission } = body;
      await requireSelf(submission.submissionBy);
      const { submission: created } = await caller.submission.create({
        problemId: submission.problemId as number,
        code: submission.submissionCode ?? submission.code ?? '',
      });
      return wireSubmission(await caller.submission.byId({ id: created.id }));
    }),
  );

  return router;
}
