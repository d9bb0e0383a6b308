import { Router } from 'express';
import type { CreateRequestContext } from '../context';
import { objectOf, restRoute, textOf } from './adapter';
import { wireUser } from './wire';

/** /user: sign up, log in and out, profiles, biography, password, deletion. */
export function userRoutes(createRequestContext: CreateRequestContext): Router {
  const router = Router();
  const route = (handler: Parameters<typeof restRoute>[1]) =>
    restRoute(createRequestContext, handler);

  router.post(
    '/signup',
    route(async (req, _res, { caller }) => {
      const body = objectOf(req.body);
      const user = await caller.auth.signup({
        username: textOf(body.username),
        password: textOf(body.password),
      });
      return wireUser(user);
    }),
  );

  router.post(
    '/login',
    route(async (req, _res, { caller }) => {
      const body = objectOf(req.body);
      const user = await caller.auth.login({
        username: textOf(body.username),
        password: textOf(body.password),
      });
      return wireUser(user);
    }),
  );

  router.post(
    '/logout',
    route(async (_req, _res, { caller }) => {
      await caller.auth.logout();
      return { msg: 'Logged out' };
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
    route(async (req, _res, { caller, requireSelf }) => {
      const body = objectOf(req.body);
      const username = await requireSelf(body.username);
      const { user } = await caller.user.updateBiography({
        username,
        biography: textOf(body.biography),
      });
      return wireUser(user);
    }),
  );

  router.patch(
    '/resetPassword',
    route(async (req, _res, { caller, requireSelf }) => {
      const body = objectOf(req.body);
      const username = await requireSelf(body.username);
      await caller.user.resetPassword({ username, password: textOf(body.password) });
      return { msg: 'Password reset successfully' };
    }),
  );

  router.delete(
    '/deleteUser/:username',
    route(async (req, _res, { caller, requireSelf }) => {
      const username = await requireSelf(String(req.params.username));
      await caller.user.delete({ username });
      return { msg: 'User deleted successfully' };
    }),
  );

  return router;
}
