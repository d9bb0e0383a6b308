import {
  BiographyPayload,
  LoginPayload,
  ResetPasswordPayload,
  restAnswerMessages,
  SignupPayload,
} from '@app/validators';
import { Router } from 'express';
import { routesWith, type RestDoor } from './adapter';
import { wireUser } from '../wire';

/** /user: sign up, log in and out, profiles, biography, password, deletion. */
export function userRoutes(door: RestDoor): Router {
  const router = Router();
  const route = routesWith(door);

  router.post(
    '/signup',
    route(SignupPayload, async (_req, _res, { caller, body }) =>
      wireUser(await caller.auth.signup(body)),
    ),
  );

  router.post(
    '/login',
    route(LoginPayload, async (_req, _res, { caller, body }) =>
      wireUser(await caller.auth.login(body)),
    ),
  );

  router.post(
    '/logout',
    route(async (_req, _res, { caller }) => {
      await caller.auth.logout();
      return { msg: restAnswerMessages.loggedOut };
    }),
  );

  router.get(
    '/getUsers',
    route(async (_req, _res, { caller }) => (await caller.user.list()).map(wireUser)),
  );

  router.get(
    '/getUser/:username',
    route(async (req, _res, { caller }) =>
      wireUser(await caller.user.byUsername({ username: String(req.params.username) })),
    ),
  );

  router.patch(
    '/updateBiography',
    route(BiographyPayload, async (_req, _res, { caller, requireSelf, body }) => {
      const username = await requireSelf(body.username);
      const { user } = await caller.user.updateBiography({ username, biography: body.biography });
      return wireUser(user);
    }),
  );

  router.patch(
    '/resetPassword',
    route(ResetPasswordPayload, async (_req, _res, { caller, requireSelf, body }) => {
      const username = await requireSelf(body.username);
      await caller.user.resetPassword({ username, password: body.password });
      return { msg: restAnswerMessages.passwordReset };
    }),
  );

  router.delete(
    '/deleteUser/:username',
    route(async (req, _res, { caller, requireSelf }) => {
      const username = await requireSelf(String(req.params.username));
      await caller.user.delete({ username });
      return { msg: restAnswerMessages.userDeleted };
    }),
  );

  return router;
}
